import { instantiate } from "../../../build/train.release.js";
import { bindWasm } from "../../wasm/glue.ts";
import { checkGoal, checkPcap, checkRacePair, checkTarget, type TrainKernel } from "./kernel.ts";
import { REG_SCORE_MAX, trainTables } from "./model.ts";
import { FR_LEN, GOAL, MAX_GOAL, PMAX, type RaceResult, SMAX, TL } from "./reference.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;

/**
 * What this wrapper expects of the module's descriptor (assembly/train.ts): its name, version and the limits its
 * tables are sized by, which must equal the TypeScript twin's (the buffers are laid out here, through allocBytes).
 */
export const TRAIN_SPEC = {
  module: "train",
  version: 2,
  buffers: {},
  limits: { pmax: PMAX, scoreMax: SMAX, raceLast: TL, regScoreMax: REG_SCORE_MAX },
} as const;

/**
 * The Wasm twin of `createReferenceKernel` (reference.ts). Everything is laid out in linear memory once, here: the tables of
 * model.ts, the payoff and value buffers, the race tables. No call allocates afterwards (the module uses the stub
 * runtime, which never frees), so the typed-array views below stay valid. The race tables are sized for MAX_GOAL.
 */
export async function createWasmKernel(module: WebAssembly.Module): Promise<TrainKernel> {
  const ex: Exports = await instantiate(module, { env: {} });
  bindWasm(ex, TRAIN_SPEC);
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
    x: f64(MAX_GOAL * MAX_GOAL),
    y: f64(MAX_GOAL * MAX_GOAL),
    last: f64(TL + 1),
    stopAt: ex.allocBytes(MAX_GOAL * MAX_GOAL * 4),
  };
  ex.setBuffers(p.f, p.fr, p.frZ, p.reg, p.regZ, p.u, p.uz);
  ex.setRaceBuffers(p.x, p.y, p.last, p.stopAt, p.fr);
  const mem = ex.memory.buffer;
  const view = (ptr: number, n: number) => new Float64Array(mem, ptr, n);
  const f = view(p.f, SMAX + 1);
  const xAll = view(p.x, MAX_GOAL * MAX_GOAL);
  const yAll = view(p.y, MAX_GOAL * MAX_GOAL);
  const last = view(p.last, TL + 1);
  const stopAll = new Int32Array(mem, p.stopAt, MAX_GOAL * MAX_GOAL);
  /** The race whose tables linear memory holds now (a kernel solve's views, or a copy from `load`). */
  let loaded: RaceResult | undefined;
  /** Copies the race tables of a RaceResult into linear memory (for payoffs of a race solved or loaded elsewhere). */
  const load = (r: RaceResult): void => {
    if (r === loaded) return;
    const n = r.goal * r.goal;
    if (r.x.length !== n || r.y.length !== n || r.last.length !== TL + 1)
      throw new RangeError(`race tables do not match goal ${r.goal}`);
    xAll.set(r.x);
    yAll.set(r.y);
    last.set(r.last);
    loaded = r;
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
    race(onProgress, goal = GOAL) {
      checkGoal(goal);
      loaded = undefined;
      ex.raceLast();
      const rows = 5;
      for (let a = goal - 1; a >= 0; a -= rows) {
        ex.raceRows(goal, a, rows);
        onProgress?.((goal - Math.max(a - rows + 1, 0)) / goal);
      }
      const n = goal * goal;
      loaded = {
        goal,
        x: xAll.subarray(0, n),
        y: yAll.subarray(0, n),
        last,
        stopAt: stopAll.subarray(0, n),
        iterations: ex.raceIterations(),
      };
      return loaded;
    },
    payoffA(a, b, w, r, minPcap = 0) {
      checkRacePair(a, b, w, r.goal);
      load(r);
      return ex.fillPayoffA(r.goal, a, b, w, checkPcap(minPcap, PMAX));
    },
    payoffB(a, b, w, r, minPcap = 0) {
      checkRacePair(a, b, w, r.goal);
      load(r);
      return ex.fillPayoffB(r.goal, a, b, w, checkPcap(minPcap, PMAX));
    },
  };
}
