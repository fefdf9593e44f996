/**
 * Merging the answers of a Light Rail search done in slices (./search.ts): a timed search's batches, and the hint
 * slices `<light-rail>` asks the worker for one by one. Per placement (q, r, orientation), values and win rates
 * are weighted by playouts. Apart from ./search.ts so that the page imports the merge without the search and the
 * engine behind it (./search.ts re-exports it).
 */
import type { SearchedPlacement } from "./search.ts";

/** Adds the rows of one slice (a batch) to the merged rows, per placement: values and win rates weighted by playouts. */
export function mergeInto(merged: Map<string, SearchedPlacement>, rows: readonly SearchedPlacement[]): void {
  for (const p of rows) {
    const key = `${p.q},${p.r},${p.orientation}`;
    const m = merged.get(key);
    if (!m) {
      merged.set(key, { ...p });
      continue;
    }
    const n = m.playouts + p.playouts;
    if (n > 0) {
      m.value = (m.value * m.playouts + p.value * p.playouts) / n;
      m.winRate = (m.winRate * m.playouts + p.winRate * p.playouts) / n;
    }
    m.playouts = n;
  }
}

/** The merged rows, best value first (then credit, q, r, orientation). */
export function ranked(merged: Map<string, SearchedPlacement>): SearchedPlacement[] {
  return [...merged.values()].sort(
    (a, b) =>
      b.value - a.value || b.credit - a.credit || a.q - b.q || a.r - b.r || a.orientation - b.orientation,
  );
}

/**
 * The rows of two slices of a search merged as a timed search merges its batches: per placement, values and win
 * rates weighted by playouts; best value first (then credit, q, r, orientation). `<light-rail>` merges its hint
 * slices (one hints call each) with it. The inputs are not changed.
 */
export function mergeSlices(
  acc: readonly SearchedPlacement[],
  more: readonly SearchedPlacement[],
): SearchedPlacement[] {
  const merged = new Map<string, SearchedPlacement>();
  mergeInto(merged, acc);
  mergeInto(merged, more);
  return ranked(merged);
}
