/**
 * The worker's faster engines (`GameModule.loadEngine`, docs/architecture.md): the service asks a module for it once,
 * when a game of that module is first shown, answers from it once it is ready, and from the module's own engine until
 * then or if it fails (String Railway: the route geometry on the string Wasm, same answers).
 */
import { describe, expect, it } from "vitest";
import { stringEngine } from "../web/engine/string/index.ts";
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
