import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nodeHost } from "../../bin/host.ts";
import { legalActions, lightEngine } from "../../web/engine/light/index.ts";
import { lightCommand as tool } from "../../web/games/light/tools.ts";

/** The tool as `rail` runs it: files and Wasm from the Node host. */
const lightCommand = (args: string[]) => tool(args, nodeHost);

const dir = mkdtempSync(join(tmpdir(), "light-cli-"));
function file(name: string, value: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
}

describe("rail light", () => {
  it("cli.score: the issue's example city", async () => {
    const path = file("example.json", {
      players: 2,
      wrap: false,
      cards: [
        {
          q: 0,
          r: 0,
          color: "blue",
          segments: [
            { a: 0, b: 3, building: "school" },
            { a: 1, b: "cap" },
          ],
        },
      ],
    });
    const out = (await lightCommand(["score", path])) as Record<string, unknown>;
    expect(out.credit).toEqual({ blue: 0, yellow: 0 });
    expect(out.complete).toBe(0);
    expect(out.routes).toBe(2);
    expect((out.details as { ends: unknown[] }[])[0]!.ends).toEqual([
      { q: 0, r: 0, edge: 0, kind: "open" },
      { q: 0, r: 0, edge: 3, kind: "open" },
    ]);
  });

  it("cli.score-wrap: wrap links are made first", async () => {
    const city = {
      players: 2,
      cards: [
        { q: 0, r: 0, color: "blue", segments: [{ a: 5, b: "cap", building: "school" }] },
        { q: 1, r: 0, color: "yellow", segments: [{ a: 2, b: "cap", building: "market" }] },
      ],
    };
    const plain = (await lightCommand(["score", file("w0.json", city)])) as Record<string, unknown>;
    const wrapped = (await lightCommand(["score", file("w1.json", { ...city, wrap: true })])) as Record<
      string,
      unknown
    >;
    expect(plain.credit).toEqual({ blue: 0, yellow: 0 });
    expect(wrapped.credit).toEqual({ blue: 2, yellow: 2 });
    expect(wrapped.details).toEqual([
      {
        cells: [
          [1, 0],
          [0, 0],
        ],
        ends: [
          { q: 1, r: 0, edge: "cap", kind: "terminus" },
          { q: 0, r: 0, edge: "cap", kind: "terminus" },
        ],
        loop: false,
        segments: { blue: 1, yellow: 1 },
        buildings: ["school", "market"],
        complete: true,
        wrapped: true,
        winners: ["blue", "yellow"],
        credit: 2,
      },
    ]);
  });

  it("cli.score-errors: one-line messages naming the field", async () => {
    const seg = (segments: unknown[]) => ({ players: 2, cards: [{ q: 0, r: 0, color: "blue", segments }] });
    await expect(
      lightCommand([
        "score",
        file(
          "e1.json",
          seg([
            { a: 0, b: 3 },
            { a: 3, b: 1 },
          ]),
        ),
      ]),
    ).rejects.toThrow(/two segments on edge 3/);
    await expect(lightCommand(["score", file("e2.json", seg([{ a: 0, b: 9 }]))])).rejects.toThrow(
      /segments\/0\/b/,
    );
    const twice = {
      players: 2,
      cards: [
        { q: 0, r: 0, color: "blue", segments: [{ a: 0, b: 3 }] },
        { q: 0, r: 0, color: "pink", segments: [{ a: 1, b: 4 }] },
      ],
    };
    await expect(lightCommand(["score", file("e3.json", twice)])).rejects.toThrow(
      /two cards on cell \(0, 0\)/,
    );
    await expect(lightCommand(["score", file("e4.json", "{nope")])).rejects.toThrow(/not JSON/);
    await expect(lightCommand(["score", join(dir, "missing.json")])).rejects.toThrow(/cannot read/);
    await expect(lightCommand(["score"])).rejects.toThrow(/usage/);
    await expect(lightCommand(["zap"])).rejects.toThrow(/usage/);
    for (const e of ["e1", "e2", "e3"]) {
      await lightCommand(["score", join(dir, `${e}.json`)]).catch((err: Error) => {
        expect(err.message).not.toContain("\n");
      });
    }
  });

  it("cli.hint: every legal placement with its credit, best first", async () => {
    let s = lightEngine.setup({ players: 3 }, 1);
    for (let i = 0; i < 6; i++) {
      const r = lightEngine.apply(s, legalActions(s)[(i * 5) % legalActions(s).length]);
      if (!r.ok) throw r.error;
      s = r.state;
    }
    const out = (await lightCommand([
      "hint",
      file("state.json", lightEngine.save(s)),
      "--playouts",
      "0",
    ])) as {
      search: boolean;
      options: { q: number; r: number; orientation: number; credit: number }[];
    };
    expect(out.search).toBe(false);
    expect(out.options).toHaveLength(legalActions(s).length);
    for (let i = 1; i < out.options.length; i++) {
      expect(out.options[i - 1]!.credit).toBeGreaterThanOrEqual(out.options[i]!.credit);
    }
    await expect(lightCommand(["hint", file("bad.json", { game: "light", version: 1 })])).rejects.toThrow(
      /light hint/,
    );
    // a save that is not its replay is refused with the pointer of the difference
    const tampered = { ...JSON.parse(lightEngine.save(s)), routeCredit: [9, 0, 0] };
    await expect(lightCommand(["hint", file("tampered.json", tampered)])).rejects.toThrow(/\/routeCredit\/0/);
    // a finished game: no seat to move, nothing to hint
    let end = s;
    while (!end.over) {
      const r = lightEngine.apply(end, legalActions(end)[0]);
      if (!r.ok) throw r.error;
      end = r.state;
    }
    const done = (await lightCommand(["hint", file("end.json", lightEngine.save(end))])) as {
      seat: unknown;
      options: unknown[];
    };
    expect(done.seat).toBeNull();
    expect(done.options).toEqual([]);
  });

  it("cli.bot: a whole search-bot game (the default), final credits and the log; deterministic per seed", async () => {
    const out = (await lightCommand(["bot", "--players", "4", "--seed", "3"])) as {
      credit: Record<string, number>;
      log: unknown[];
      winners: string[];
    };
    expect(Object.keys(out.credit)).toEqual(["blue", "yellow", "pink", "green"]);
    expect(out.log).toHaveLength(36);
    // the winners are the header's: the colours with the highest total credit
    const best = Math.max(...Object.values(out.credit));
    expect(out.winners).toEqual(Object.keys(out.credit).filter((c) => out.credit[c] === best));
    expect(await lightCommand(["bot", "--players", "4", "--seed", "3"])).toEqual(out);
    await expect(lightCommand(["bot", "--players", "5", "--seed", "3"])).rejects.toThrow(/--players/);
    await expect(lightCommand(["bot", "--players", "2"])).rejects.toThrow(/--seed/);
    expect((out as unknown as { bot: string }).bot).toBe("search");
  });

  it("cli.bot --bot greedy plays the greedy bot; a bad --bot or --playouts is refused", async () => {
    const out = (await lightCommand(["bot", "--players", "2", "--seed", "5", "--bot", "greedy"])) as {
      bot: string;
      log: unknown[];
    };
    expect(out.bot).toBe("greedy");
    expect(out.log).toHaveLength(16);
    await expect(lightCommand(["bot", "--players", "2", "--seed", "5", "--bot", "x"])).rejects.toThrow(
      /--bot/,
    );
    await expect(lightCommand(["bot", "--players", "2", "--seed", "5", "--playouts", "0"])).rejects.toThrow(
      /--playouts/,
    );
  });
});
