/**
 * The hand-timed runs of the benches that report a median beside benchmark.js' means (a move, a hint): `warm` calls
 * first, then `runs` timed ones; milliseconds.
 */
export function time(fn: () => void, runs: number, warm = 3): { median: number; min: number } {
  for (let i = 0; i < warm; i++) fn();
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const a = performance.now();
    fn();
    t.push(performance.now() - a);
  }
  t.sort((a, b) => a - b);
  return { median: t[Math.floor(runs / 2)]!, min: t[0]! };
}
