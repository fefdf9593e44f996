/**
 * Engines take their route geometry as a parameter (issue #22): `createStringEngine(geometry)` (web/engine/string/
 * engine.ts) makes an engine whose every route check measures with that geometry, and no module-level setter
 * swaps it. An engine on the TypeScript twin and one on the Wasm route geometry (web/solvers/string/geometry-wasm.ts)
 * live side by side in one process, answer the same on seeded games (strings that cross and run along rivals'
 * included), and neither's use changes the other's answers, caches or geometry.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Result } from "../../web/engine/common/errors.ts";
import { botAction } from "../../web/engine/string/bot.ts";
import {
  createStringEngine,
  previewString,
  rivalIndex,
  type StringEngine,
  stringEngine,
} from "../../web/engine/string/engine.ts";
import { type RouteGeometry, routeGeometryTs } from "../../web/engine/string/geometry/route.ts";
import * as api from "../../web/engine/string/index.ts";
import type { StringAction, StringState } from "../../web/engine/string/types.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: StringGeometryWasm;
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
});

/** `g`, counting the indexes it makes and the paths it measures. */
function counted(g: RouteGeometry): RouteGeometry & { calls: number } {
  const out = {
    calls: 0,
    createIndex: (bounds: ArrayLike<number>) => {
      out.calls++;
      return g.createIndex(bounds);
    },
    measure: (...args: Parameters<RouteGeometry["measure"]>) => {
      out.calls++;
      return g.measure(...args);
    },
  };
  return out;
}

/** An apply result as plain JSON (a refusal by its rule id or JSON pointer and message). */
const outcome = (r: Result<StringState>): unknown =>
  JSON.parse(JSON.stringify(r.ok ? r : { ok: false, error: r.error }));

const inRoutePhase = (s: StringState) =>
  s.phase === "play" && s.step === "route" && !s.placedString && !s.choice && !s.over;

/**
 * Place-string actions for the seat to move that meet rivals' strings: every rival string's own path and its
 * reverse (a shared stretch along it), and station-to-station lines that cross some rival string (at most 6), of
 * a kind the seat still holds (long first). Legal or not: both engines must give the same answer either way.
 */
function meetingProbes(s: StringState): StringAction[] {
  const player = s.current!;
  const kind = s.seats[player]!.longLeft > 0 ? "long" : "short";
  const out: StringAction[] = [];
  s.seats.forEach((seat, i) => {
    if (i === player) return;
    for (const str of seat.strings) {
      const back: number[] = [];
      for (let k = str.path.length - 2; k >= 0; k -= 2) back.push(str.path[k]!, str.path[k + 1]!);
      for (const path of [str.path, back]) out.push({ type: "place-string", player, kind, path });
    }
  });
  let lines = 0;
  const st = s.stations;
  for (let a = 0; a < st.length && lines < 6; a++)
    for (let b = a + 1; b < st.length && lines < 6; b++) {
      const path = [st[a]!.x, st[a]!.y, st[b]!.x, st[b]!.y];
      if (Math.hypot(path[2]! - path[0]!, path[3]! - path[1]!) > 60) continue;
      if (previewString(s, player, "long", path).crossings === 0) continue;
      out.push({ type: "place-string", player, kind, path });
      lines++;
    }
  return out;
}

describe("string.engine-geometry: engines on the TS twin and on the Wasm route geometry coexist", () => {
  it("stringEngine is createStringEngine() on the TypeScript twin; an engine keeps the geometry it was made with", () => {
    expect(stringEngine.geometry).toBe(routeGeometryTs);
    expect(createStringEngine().geometry).toBe(routeGeometryTs);
    const onWasm = createStringEngine(wasm.routeGeometry);
    expect(onWasm.geometry).toBe(wasm.routeGeometry);
    expect(stringEngine.geometry).toBe(routeGeometryTs); // making one changes no other
  });

  it("seeded games, move by move: the same legal actions, bot moves and apply results, strings meeting rivals included", () => {
    const ts = createStringEngine(routeGeometryTs);
    const onWasm = createStringEngine(wasm.routeGeometry);
    let probed = 0;
    let metAndAccepted = 0;
    for (const [players, seed] of [
      [2, "coexist-2"],
      [4, "coexist-4"],
      [5, "coexist-5"],
    ] as const) {
      let a = ts.setup({ players, rounds: 3 }, seed);
      let b = onWasm.setup({ players, rounds: 3 }, seed);
      while (!a.over) {
        expect(onWasm.legalActions(b)).toEqual(ts.legalActions(a));
        if (inRoutePhase(a)) {
          for (const probe of meetingProbes(a)) {
            const ra = ts.apply(a, probe);
            expect(outcome(onWasm.apply(b, probe))).toEqual(outcome(ra));
            probed++;
            if (
              ra.ok &&
              previewString(a, probe.player, "long", (probe as { path: number[] }).path).crossings > 0
            )
              metAndAccepted++;
          }
        }
        const move = botAction(a, ts);
        expect(botAction(b, onWasm)).toEqual(move);
        const ra = ts.apply(a, move);
        const rb = onWasm.apply(b, move);
        expect(outcome(rb)).toEqual(outcome(ra));
        if (!ra.ok || !rb.ok) throw new Error(`the bot's move was refused: ${JSON.stringify(move)}`);
        a = ra.state;
        b = rb.state;
      }
      expect(onWasm.save(b)).toBe(ts.save(a));
    }
    // the probes did meet rivals: refused and accepted ones, some accepted at a cost in meeting places
    expect(probed).toBeGreaterThan(50);
    expect(metAndAccepted).toBeGreaterThan(0);
  });

  it("using one engine never changes another: each measures only with its own geometry, and its answers stay", () => {
    const tsGeometry = counted(routeGeometryTs);
    const wasmGeometry = counted(wasm.routeGeometry);
    const ts = createStringEngine(tsGeometry);
    const onWasm = createStringEngine(wasmGeometry);
    // a game on the TS engine; the Wasm engine is then used on the very same state objects (shared boards: the
    // rival-index caches are keyed by board object)
    const states: StringState[] = [];
    let s = ts.setup({ players: 3, rounds: 2 }, "apart");
    while (!s.over) {
      states.push(s);
      const r = ts.apply(s, botAction(s, ts));
      if (!r.ok) throw r.error;
      s = r.state;
    }
    const routeStates = states.filter(inRoutePhase);
    expect(routeStates.length).toBeGreaterThan(3);
    const legalBefore = routeStates.map((x) => ts.legalActions(x));
    // the TS engine's cached rival index of the last route position (a cache per board and seat, rebuilt when
    // another branch of the game asks, so only the last one asked is still held)
    const last = routeStates.at(-1)!;
    const lastIndex = rivalIndex(last, last.current!, tsGeometry);

    let wasmCalls = wasmGeometry.calls;
    const tsCalls = tsGeometry.calls;
    let applied = 0;
    for (const x of routeStates) {
      onWasm.legalActions(x);
      expect(wasmGeometry.calls).toBeGreaterThan(wasmCalls);
      wasmCalls = wasmGeometry.calls;
      const probes = meetingProbes(x);
      for (const probe of probes) onWasm.apply(x, probe);
      if (probes.length === 0) continue; // no rival string yet
      expect(wasmGeometry.calls).toBeGreaterThan(wasmCalls); // `apply` measures on its engine's geometry too
      wasmCalls = wasmGeometry.calls;
      applied++;
    }
    expect(applied).toBeGreaterThan(1);
    expect(tsGeometry.calls).toBe(tsCalls); // the Wasm engine never measured with the TS engine's geometry

    expect(rivalIndex(last, last.current!, tsGeometry)).toBe(lastIndex); // its cache untouched
    expect(rivalIndex(last, last.current!, wasmGeometry)).not.toBe(lastIndex);
    wasmCalls = wasmGeometry.calls;
    routeStates.forEach((x, i) => {
      expect(ts.legalActions(x)).toEqual(legalBefore[i]);
    });
    expect(tsGeometry.calls).toBeGreaterThan(tsCalls);
    expect(wasmGeometry.calls).toBe(wasmCalls); // and the TS engine never measured with the Wasm one's
    // the default engine and the free functions (default: the twin) use neither
    const calls = [tsGeometry.calls, wasmGeometry.calls];
    for (const x of routeStates) stringEngine.legalActions(x);
    expect([tsGeometry.calls, wasmGeometry.calls]).toEqual(calls);
    expect(ts.geometry).toBe(tsGeometry);
    expect(onWasm.geometry).toBe(wasmGeometry);
  });

  it("the public engine API (web/engine/string/index.ts) exports no geometry setter: a geometry is chosen per engine", () => {
    const names = Object.keys(api);
    expect(names).toContain("createStringEngine");
    expect(names).not.toContain("useRouteGeometry");
    expect(names).not.toContain("routeGeometryInUse");
    // no `use…` / `set…` function at all (`setup` makes a game)
    const setters = names.filter(
      (k) => typeof (api as Record<string, unknown>)[k] === "function" && /^(use|set)[A-Z]/.test(k),
    );
    expect(setters).toEqual([]);
    const engine: StringEngine = api.createStringEngine(wasm.routeGeometry);
    expect(engine.geometry).toBe(wasm.routeGeometry);
    expect(api.stringEngine.geometry).toBe(routeGeometryTs);
  });
});
