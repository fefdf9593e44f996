/**
 * Flat-file storage (issue #20, server/flat-file.ts, now the reader of the old layout that server/match-files.ts
 * migrates from): node-persist's file format kept, writes atomic, and a broken file (0 bytes, garbage, a
 * temporary file a crash left) reported and skipped, never a reason for the server not to start or to stop; the
 * server's own storage (server/match-files.ts) the same with broken snapshots and a cut lines file. The server tests run `npm run serve` as a child process, so a rejection
 * nobody catches really stops it.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AtomicFiles, RailkitFlatFile } from "../../server/flat-file.ts";
import { MatchFiles } from "../../server/match-files.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { createMatch, getMatch, joinMatch, listMatches } from "../../web/online/lobby.ts";
import { startServerProcess } from "../e2e/online-server.ts";
import { connect, tempDir, viewOf, waitFor } from "./helpers.ts";

const md5 = (key: string) => createHash("md5").update(key).digest("hex");
const dirs: { remove(): void }[] = [];
const folder = () => {
  const t = tempDir();
  dirs.push(t);
  return t.dir;
};
afterAll(() => {
  for (const d of dirs) d.remove();
});

/** A store whose log lines are kept. */
function store(dir: string) {
  const lines: string[] = [];
  return { files: new AtomicFiles(dir, (l) => lines.push(l)), lines };
}

describe("AtomicFiles: node-persist's format", () => {
  it("reads a folder node-persist 3 wrote, and node-persist reads ours", async () => {
    const dir = folder();
    // biome-ignore lint/suspicious/noExplicitAny: node-persist ships no types; only create/init/setItem/getItem are used
    const persist = createRequire(import.meta.url)("node-persist") as any;
    const theirs = persist.create({ dir, writeQueue: false, expiredInterval: 0 });
    await theirs.init();
    await theirs.setItem("m1:metadata", { gameName: "train-game", players: {} });
    const { files } = store(dir);
    await files.init();
    expect(await files.getItem("m1:metadata")).toEqual({ gameName: "train-game", players: {} });
    await files.setItem("m2", { G: { a: [1, 2] } });
    expect(await theirs.getItem("m2")).toEqual({ G: { a: [1, 2] } });
    expect((await files.keys()).sort()).toEqual(["m1:metadata", "m2"]);
    expect(readdirSync(dir).sort()).toEqual([md5("m1:metadata"), md5("m2")].sort());
  });
});

describe("AtomicFiles: a write a crash interrupted", () => {
  it("a temporary file left between write and rename is removed at start; the old value stays", async () => {
    const dir = folder();
    const { files, lines } = store(dir);
    await files.init();
    await files.setItem("m:log", [1, 2, 3]);
    // What a kill -9 between the write of the temporary file and its rename leaves: a cut temporary file.
    const temp = join(dir, `.${md5("m:log")}.4242-7.tmp`);
    writeFileSync(temp, '{"key":"m:log","value":[1,2,3,');
    const again = store(dir);
    await again.files.init();
    expect(existsSync(temp)).toBe(false);
    expect(await again.files.getItem("m:log")).toEqual([1, 2, 3]);
    expect(again.lines).toEqual([expect.stringContaining(temp)]);
    expect(lines).toEqual([]);
  });

  it("0-byte, garbage, foreign and misnamed files are reported once each and read as missing", async () => {
    const dir = folder();
    const { files, lines } = store(dir);
    await files.init();
    await files.setItem("good", 1);
    const empty = join(dir, md5("empty"));
    const garbage = join(dir, md5("garbage"));
    const foreign = join(dir, md5("foreign"));
    const misnamed = join(dir, md5("misnamed"));
    writeFileSync(empty, "");
    writeFileSync(garbage, "\u0000\u0000{not json");
    writeFileSync(foreign, '{"hello":"world"}');
    writeFileSync(misnamed, '{"key":"other","value":2}');
    await files.init();
    expect(await files.keys()).toEqual(["good"]);
    for (const key of ["empty", "garbage", "foreign", "misnamed"])
      expect(await files.getItem(key)).toBeUndefined();
    for (const file of [empty, garbage, foreign, misnamed])
      expect(lines.filter((l) => l.includes(file))).toHaveLength(1);
    // Written again, a broken file is whole again (and reported again if it breaks again).
    await files.setItem("empty", 3);
    expect(await files.getItem("empty")).toBe(3);
  });

  it("a reader never sees a part of a file while it is rewritten (node-persist's in-place write fails this)", async () => {
    const dir = folder();
    const { files, lines } = store(dir);
    await files.init();
    const big = (n: number) => ({ n, pad: "x".repeat(2_000_000) });
    await files.setItem("big", big(0));
    let partial = 0;
    let reads = 0;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        const v = (await files.getItem("big")) as { n: number } | undefined;
        reads++;
        if (v === undefined) partial++;
        for (const k of await files.keys()) expect(k).toBe("big");
      }
    })();
    for (let n = 1; n <= 20; n++) await files.setItem("big", big(n));
    writing = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    expect(partial).toBe(0);
    expect(lines).toEqual([]);
  });
});

describe("RailkitFlatFile: matches with broken files", () => {
  it("fetch answers a broken part as missing; listing skips that match", async () => {
    const dir = folder();
    const lines: string[] = [];
    const db = new RailkitFlatFile(dir, (l) => lines.push(l));
    await db.connect();
    const state = { G: { x: 1 }, ctx: { numPlayers: 2 }, _stateID: 0, plugins: {} };
    const metadata = { gameName: "train-game", players: { 0: { id: 0 } }, createdAt: 1, updatedAt: 1 };
    for (const id of ["a", "b", "c"])
      await db.createMatch(id, { initialState: state as never, metadata: metadata as never });
    writeFileSync(join(dir, md5("b:metadata")), "");
    writeFileSync(join(dir, md5("c")), JSON.stringify({ key: "c", value: { not: "a state" } }));
    expect(await db.fetch("b", { state: true, metadata: true })).toEqual({ state, metadata: undefined });
    expect((await db.fetch("c", { state: true })).state).toBeUndefined();
    expect(await db.listMatches({ gameName: "train-game" })).toEqual(["a"]);
    expect((await db.listMatches()).sort()).toEqual(["a", "c"]);
    expect(lines.some((l) => l.includes(md5("b:metadata")))).toBe(true);
    expect(lines.some((l) => l.includes(md5("c")) && l.includes("no state of match c"))).toBe(true);
  });
});

describe("RailkitFlatFile: match ids that are Object.prototype's names", () => {
  it("a match id such as constructor or __proto__ is a key of its own: stored, fetched, nothing reported", async () => {
    const dir = folder();
    const lines: string[] = [];
    const db = new RailkitFlatFile(dir, (l) => lines.push(l));
    await db.connect();
    const state = { G: { x: 1 }, ctx: { numPlayers: 2 }, _stateID: 0, plugins: {} };
    const metadata = { gameName: "train-game", players: { 0: { id: 0 } }, createdAt: 1, updatedAt: 1 };
    for (const id of ["constructor", "__proto__", "toString"]) {
      expect(await db.fetch(id, { state: true, metadata: true })).toEqual({
        state: undefined,
        metadata: undefined,
      });
      await db.createMatch(id, { initialState: state as never, metadata: metadata as never });
      expect(await db.fetch(id, { state: true })).toEqual({ state });
    }
    expect(lines).toEqual([]);
  });
});

describe("RailkitFlatFile: a kill -9 between a move's log write and its state write", () => {
  it("the lost move's log entries are dropped on read and on the next write", async () => {
    const dir = folder();
    const db = new RailkitFlatFile(dir, () => {});
    await db.connect();
    const state = (n: number) => ({ G: { n }, ctx: { numPlayers: 2 }, _stateID: n, plugins: {} });
    const entry = (n: number, what: string) => ({ _stateID: n, action: { type: what }, turn: 1, phase: "" });
    await db.createMatch("m", {
      initialState: state(0) as never,
      metadata: { gameName: "g", players: {} } as never,
    });
    await db.setState("m", state(1) as never, [entry(0, "a")] as never);
    // The crash: the log of the move played on state 1 was written, its state 2 was not.
    await db.files.setItem("m:log", [entry(0, "a"), entry(1, "lost")]);
    expect((await db.fetch("m", { state: true, log: true })).log).toEqual([entry(0, "a")]);
    await db.setState("m", state(2) as never, [entry(1, "b")] as never);
    expect(await db.files.getItem("m:log")).toEqual([entry(0, "a"), entry(1, "b")]);
  });
});

describe("the server with broken match files (npm run serve, a child process)", () => {
  const options = { players: 2, variant: "race", goal: 100 } as const;

  it("starts with a 0-byte and a garbage match file, logs them, lists the others, survives their sync", async () => {
    const dir = folder();
    const env = { RAILKIT_MATCHES: dir };
    let server = await startServerProcess(env);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await createMatch(server.url, "train", { options }));
    const creds = await joinMatch(server.url, "train", ids[0]!, 0, "Ada");
    await server.kill();
    // A 0-byte snapshot (what an in-place write left after a kill -9) and one of garbage.
    const empty = join(dir, `${md5(ids[1]!)}.snap`);
    const garbage = join(dir, `${md5(ids[2]!)}.snap`);
    writeFileSync(empty, "");
    writeFileSync(garbage, "}garbage{");
    writeFileSync(join(dir, `.${md5(ids[0]!)}.999-1.tmp`), '{"key":');
    server = await startServerProcess(env);
    try {
      expect(server.output()).toContain(empty);
      expect(server.output()).toContain(garbage);
      expect(readdirSync(dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
      expect((await listMatches(server.url, "train")).map((m) => m.matchID)).toEqual([ids[0]]);
      await expect(getMatch(server.url, "train", ids[1]!)).rejects.toThrow(/404/);
      // A sync of each broken match, as a spectator and as a seat: nothing (the guard syncs only a match whose
      // metadata reads, server/guard.ts), and the server goes on.
      const syncs = [
        connect(server.url, "train", ids[1]!, null),
        connect(server.url, "train", ids[1]!, 0, "x"),
        connect(server.url, "train", ids[2]!, null),
        connect(server.url, "train", ids[2]!, 0, "x"),
      ];
      await new Promise((r) => setTimeout(r, 1500));
      expect(syncs.map((c) => viewOf(c))).toEqual([null, null, null, null]);
      for (const c of syncs) c.stop();
      expect(server.child.exitCode).toBeNull();
      // The good match still plays.
      const a = connect(server.url, "train", ids[0]!, 0, creds);
      const v = await waitFor(a, (x) => x.legal.length > 0, 10_000, "seat 0's state");
      expect(v.state.log).toEqual([]);
      a.stop();
      // Each broken file was reported once, not at every listing.
      await listMatches(server.url, "train");
      expect(server.output().split(empty).length - 1).toBe(1);
    } finally {
      await server.kill();
    }
  });

  it("a lines file cut by a crash: the match loads without its cut line, plays on, and the file is whole again", async () => {
    const dir = folder();
    let server = await startServerProcess({ RAILKIT_MATCHES: dir });
    let id = "";
    let creds = "";
    try {
      id = await createMatch(server.url, "train", { options });
      creds = await joinMatch(server.url, "train", id, 0, "Ada");
    } finally {
      await server.kill();
    }
    const file = join(dir, `${md5(id)}.lines`);
    appendFileSync(file, '{"n":99,"s":{"G":');
    server = await startServerProcess({ RAILKIT_MATCHES: dir });
    try {
      const a = connect(server.url, "train", id, 0, creds);
      const v = await waitFor(a, (x) => x.legal.length > 0, 10_000, "seat 0's state");
      a.moves.act!(v.legal[0]!);
      await waitFor(a, (x) => x.state.log.length === 1, 10_000, "the move");
      a.stop();
      expect(server.output()).toContain("cut last line removed");
      const text = readFileSync(file, "utf8");
      expect(text.endsWith("\n")).toBe(true);
      for (const line of text.split("\n").filter((l) => l !== ""))
        expect(() => JSON.parse(line)).not.toThrow();
    } finally {
      await server.kill();
    }
  });

  it("the engine still replays a match the server stored (options, seed, log)", async () => {
    const dir = folder();
    const server = await startServerProcess({ RAILKIT_MATCHES: dir });
    let id: string;
    try {
      id = await createMatch(server.url, "train", { options });
    } finally {
      await server.kill();
    }
    const db = new MatchFiles(dir, () => {});
    await db.connect();
    const { state } = await db.fetch(id, { state: true });
    const G = state!.G as ReturnType<typeof trainEngine.setup>;
    expect(trainEngine.setup(G.options, G.seed)).toEqual(G);
  });
});
