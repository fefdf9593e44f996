/**
 * The worker's faster engines (`GameModule.loadEngine`, docs/architecture.md): the service asks a module for it once,
 * when a game of that module is first shown, answers from it once it is ready, and from the module's own engine until
 * then or if it fails (String Railway: the route geometry on the string Wasm, same answers).
 */
import { describe, expect, it } from "vitest";
import { createStringEngine, stringEngine } from "../web/engine/string/index.ts";
import type { StringState } from "../web/engine/string/types.ts";
import { string } from "../web/games/string/index.ts";
import type { GameModule } from "../web/games/types.ts";
import { GameStore, serveGame, TWIN_KIT } from "../web/worker/service.ts";

describe("string.route: the worker asks for the faster engine once, when a String Railway game is first shown", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  /** The string module whose `loadEngine` answers `load` (counted); its engine counts the legal-action lists. */
  function serve(load: () => Promise<typeof stringEngine>) {
    const seen = { asked: 0 };
    const module = {
      ...string,
      loadEngine: () => {
        seen.asked++;
        return load();
      },
    } as unknown as GameModule;
    return { api: serveGame(module, new GameStore(), TWIN_KIT), seen };
  }

  it("the first view asks for it once; the views then come from it, with the same answers", async () => {
    let used = 0;
    const fast = {
      ...stringEngine,
      legalActions: (s: StringState) => {
        used++;
        return stringEngine.legalActions(s);
      },
    };
    const { api, seen } = serve(async () => fast);
    const v = await api.newGame({ players: 3 }, 9);
    await api.view(v.handle);
    await settle();
    expect(seen.asked).toBe(1);
    const before = used;
    const again = await api.view(v.handle);
    expect(used).toBe(before + 1);
    expect(again.legal).toEqual(v.legal);
  });

  it("a loader that fails leaves the TypeScript engine answering", async () => {
    const { api, seen } = serve(async () => {
      throw new Error("no Wasm here");
    });
    const v = await api.newGame({ players: 3 }, 9);
    await settle();
    expect(seen.asked).toBe(1);
    expect((await api.view(v.handle)).legal).toEqual(v.legal);
  });
});

describe("string.route: the live check and the bots run on the engine the worker loaded", () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it("a preview hint and a greedy bot move measure with the loaded engine's geometry", async () => {
    let measured = 0;
    const counting = { ...stringEngine.geometry };
    for (const key of Object.keys(counting) as (keyof typeof counting)[]) {
      const f = counting[key] as unknown;
      if (typeof f === "function")
        (counting as Record<string, unknown>)[key] = (...a: unknown[]) => {
          measured++;
          return (f as (...x: unknown[]) => unknown)(...a);
        };
    }
    const fast = createStringEngine(counting);
    const module = { ...string, loadEngine: async () => fast } as unknown as GameModule;
    const api = serveGame(module, new GameStore(), TWIN_KIT);
    const v = await api.newGame({ players: 2 }, 5);
    await settle();
    // Lay the setup out with the greedy bot (it measures strings only once the route phase starts).
    let view = v;
    for (let i = 0; i < 40 && measured === 0; i++) {
      const move = await api.botMove(view.handle, { policy: "greedy" } as object);
      view = move.view!;
    }
    expect(measured).toBeGreaterThan(0);
    const s = view.state as StringState;
    const a = s.stations[0]!;
    const b = s.stations[1]!;
    const before = measured;
    await api.hints(view.handle, { preview: { kind: "short", path: [a.x, a.y, b.x, b.y] } });
    expect(measured).toBeGreaterThan(before);
  });
});
