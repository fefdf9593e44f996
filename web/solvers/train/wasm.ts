import { instantiate } from "../../../build/train.release.js";
import { checkPcap, checkRacePair, checkTarget, type TrainKernel } from "./kernel.ts";
import { REG_SCORE_MAX, trainTables } from "./model.ts";
import { FR_LEN, GOAL, PMAX, type RaceResult, SMAX, TL } from "./reference.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;

/**
 * The Wasm twin of reference-kernel.ts. Everything is laid out in linear memory once, here: the tables of
 * model.ts, the payoff and value buffers, the race tables. No call allocates afterwards (the module uses the stub
 * runtime, which never frees), so the typed-array views below stay valid.
 */
export async function createWasmKernel(module: WebAssembly.Module): Promise<TrainKernel> {
  const ex: Exports = await instantiate(module, { env: {} });
  const T = trainTables();
  const nc = T.nc;
  const U_LEN = nc + REG_SCORE_MAX + 1;
  const place = (src: Int32Array | Float64Array): number => {
    const ptr = ex.allocBytes(src.byteLength);
    const view =
      src instanceof Int32Array
        ? new Int32Array(ex.memory.buffer, ptr, src.length)
        : new Float64Array(ex.memory.buffer, ptr, src.length);
    view.set(src);
    return ptr;
  };
  const f64 = (n: number): number => ex.allocBytes(n * 8);
  ex.setTables(
    nc,
    place(T.cfgKind),
    place(T.cfgSum),
    place(T.cfgValid),
    place(T.regOutStart),
    place(T.regOutProb),
    place(T.regChStart),
    place(T.regIdx),
    place(T.frOutStart),
    place(T.frOutProb),
    place(T.frChStart),
    place(T.frChOff),
    place(T.frCbStart),
    place(T.frCbOff),
  );
  const p = {
    f: f64(SMAX + 1),
    fr: f64(FR_LEN),
    frZ: f64(FR_LEN),
    reg: f64(4 * nc),
    regZ: f64(4 * nc),
    u: f64(U_LEN),
    uz: f64(U_LEN),
    x: f64(GOAL * GOAL),
    y: f64(GOAL * GOAL),
    last: f64(TL + 1),
    stopAt: ex.allocBytes(GOAL * GOAL * 4),
  };
  ex.setBuffers(p.f, p.fr, p.frZ, p.reg, p.regZ, p.u, p.uz);
  ex.setRaceBuffers(p.x, p.y, p.last, p.stopAt, p.fr);
  const mem = ex.memory.buffer;
  const view = (ptr: number, n: number) => new Float64Array(mem, ptr, n);
  const f = view(p.f, SMAX + 1);
  const x = view(p.x, GOAL * GOAL);
  const y = view(p.y, GOAL * GOAL);
  const last = view(p.last, TL + 1);
  const stopAt = new Int32Array(mem, p.stopAt, GOAL * GOAL);
  /** Copies the race tables from a RaceResult into linear memory (for payoffs of a race solved elsewhere). */
  const load = (r: RaceResult): void => {
    if (r.x !== x) x.set(r.x);
    if (r.y !== y) y.set(r.y);
    if (r.last !== last) last.set(r.last);
  };
  return {
    kind: "wasm",
    f,
    fr: view(p.fr, FR_LEN),
    reg: view(p.reg, 4 * nc),
    solve: (pcap) => ex.solveTurn(checkPcap(pcap, PMAX)),
    zeroProbability: () => ex.zeroProbability(),
    beatPayoff: (t, tieHalf) => ex.beatPayoff(checkTarget(t), tieHalf),
    evPayoff: () => ex.evPayoff(),
    race(onProgress) {
      ex.raceLast();
      const rows = 5;
      for (let a = GOAL - 1; a >= 0; a -= rows) {
        ex.raceRows(a, rows);
        onProgress?.((GOAL - Math.max(a - rows + 1, 0)) / GOAL);
      }
      return { x, y, last, stopAt, iterations: ex.raceIterations() };
    },
    payoffA(a, b, w, r) {
      checkRacePair(a, b, w, GOAL);
      load(r);
      return ex.fillPayoffA(a, b, w);
    },
    payoffB(a, b, w, r) {
      checkRacePair(a, b, w, GOAL);
      load(r);
      return ex.fillPayoffB(a, b, w);
    },
  };
}
