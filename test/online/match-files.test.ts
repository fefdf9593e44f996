/**
 * The append-only flat-file storage (issue #25, server/match-files.ts): a move is one appended line, a cut last
 * line is dropped and cut off before the next append, snapshots every SNAPSHOT_LINES lines (a crash between a
 * snapshot and the lines' truncation replays nothing twice), a bounded cache, boardgame.io's FlatFile folders
 * moved to this layout, broken snapshots reported and read as missing, and no synchronous file call.
 */
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RailkitFlatFile } from "../../server/flat-file.ts";
import { MatchFiles, SNAPSHOT_LINES } from "../../server/match-files.ts";
import { Syncfs } from "../../server/syncfs.ts";
import { tempDir } from "./helpers.ts";

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

const state = (n: number) => ({ G: { n }, ctx: { numPlayers: 2, turn: n }, _stateID: n, plugins: {} });
const entry = (n: number) => ({
  _stateID: n,
  action: { type: "MAKE_MOVE", payload: { n } },
  turn: n,
  phase: "",
});
const metadata = (updatedAt = 1) => ({
  gameName: "train-game",
  players: { 0: { id: 0, name: "Ada" }, 1: { id: 1 } },
  createdAt: 1,
  updatedAt,
});

/** A store whose log lines are kept. */
async function store(
  dir: string,
  bounds: { cacheSize?: number; openFiles?: number; syncCommand?: string; slowAppendMs?: number } = {},
) {
  const lines: string[] = [];
  const db = new MatchFiles(dir, (l) => lines.push(l), "batch", bounds);
  await db.connect();
  return { db, lines };
}

/** Plays `moves` moves on match `id` the way boardgame.io's master writes them (state and metadata together). */
async function play(db: MatchFiles, id: string, from: number, moves: number): Promise<void> {
  for (let n = from; n < from + moves; n++)
    await Promise.all([
      db.setState(id, state(n + 1) as never, [entry(n)] as never),
      db.setMetadata(id, metadata(100 + n) as never),
    ]);
}

const linesOf = (dir: string, id: string) =>
  readFileSync(join(dir, `${md5(id)}.lines`), "utf8")
    .split("\n")
    .filter((l) => l !== "");

describe("online.storage-append: a move is one appended line", () => {
  it("a move appends its state, log entries and updatedAt as one line; a fresh store reads the same match", async () => {
    const dir = folder();
    const { db, lines } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    const snap = readFileSync(join(dir, `${md5("m")}.snap`), "utf8");
    await play(db, "m", 0, 3);
    // One append a move: the state and metadata writes boardgame.io makes together go out in one line each,
    // the metadata as its updatedAt alone.
    const written = linesOf(dir, "m").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written.map((l) => Object.keys(l).sort().join())).toEqual([
      "d,n,s",
      "n,u",
      "d,n,s",
      "n,u",
      "d,n,s",
      "n,u",
    ]);
    expect(readFileSync(join(dir, `${md5("m")}.snap`), "utf8")).toBe(snap);
    // A name change is a whole metadata line.
    await db.setMetadata("m", {
      ...metadata(200),
      players: { 0: { id: 0, name: "Bo" }, 1: { id: 1 } },
    } as never);
    expect(JSON.parse(linesOf(dir, "m").at(-1)!).m.players[0].name).toBe("Bo");
    const again = new MatchFiles(dir, () => {});
    const all = { state: true, metadata: true, log: true, initialState: true } as const;
    expect(await again.fetch("m", all)).toEqual(await db.fetch("m", all));
    expect((await again.fetch("m", { log: true })).log).toEqual([entry(0), entry(1), entry(2)]);
    expect((await again.fetch("m", { metadata: true })).metadata.updatedAt).toBe(200);
    expect(lines).toEqual([]);
  });

  it("a fetched metadata is a copy: changing it changes nothing stored", async () => {
    const { db } = await store(folder());
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    const { metadata: m } = await db.fetch("m", { metadata: true });
    m.players[0]!.name = "Mallory";
    expect((await db.fetch("m", { metadata: true })).metadata.players[0]!.name).toBe("Ada");
  });
});

describe("online.storage-torn-line: a line a crash cut", () => {
  it("is dropped on read and cut off the file before the next append", async () => {
    const dir = folder();
    const { db } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    await play(db, "m", 0, 2);
    // What a kill -9 in the middle of an append could leave: the start of a line, no newline.
    const file = join(dir, `${md5("m")}.lines`);
    appendFileSync(file, '{"n":5,"s":{"G":{"n":3},"ctx":');
    const { db: after, lines } = await store(dir);
    expect((await after.fetch("m", { state: true })).state._stateID).toBe(2);
    expect((await after.fetch("m", { log: true })).log).toHaveLength(2);
    await play(after, "m", 2, 1);
    expect(lines.filter((l) => l.includes("cut last line removed"))).toHaveLength(1);
    expect(linesOf(dir, "m").map((l) => JSON.parse(l).n)).toEqual([1, 2, 3, 4, 5, 6]);
    const { db: third } = await store(dir);
    expect((await third.fetch("m", { state: true, log: true })).log).toEqual([entry(0), entry(1), entry(2)]);
  });

  it("a broken line in the middle: the match is read up to it (logged)", async () => {
    const dir = folder();
    const { db } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    await play(db, "m", 0, 3);
    const file = join(dir, `${md5("m")}.lines`);
    const text = readFileSync(file, "utf8").split("\n");
    text[2] = "}garbage{";
    writeFileSync(file, text.join("\n"));
    const { db: after, lines } = await store(dir);
    expect((await after.fetch("m", { state: true })).state._stateID).toBe(1);
    expect(lines.filter((l) => l.includes("cut or broken line"))).toHaveLength(1);
  });
});

describe("online.storage-snapshot: a snapshot every SNAPSHOT_LINES lines", () => {
  it("rewrites the snapshot and empties the lines; lines the snapshot holds are not replayed twice", async () => {
    const dir = folder();
    const { db } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    const file = join(dir, `${md5("m")}.lines`);
    const moves = SNAPSHOT_LINES / 2; // two lines a move
    await play(db, "m", 0, moves - 1);
    const before = readFileSync(file, "utf8");
    expect(before.split("\n").filter((l) => l !== "")).toHaveLength(SNAPSHOT_LINES - 2);
    await play(db, "m", moves - 1, 1);
    // The snapshot is written after the move's line, off the move's path.
    await db.flush();
    expect(readFileSync(file, "utf8")).toBe("");
    const snap = JSON.parse(readFileSync(join(dir, `${md5("m")}.snap`), "utf8"));
    expect(snap.n).toBe(SNAPSHOT_LINES);
    expect(snap.log).toHaveLength(moves);
    // A crash after the snapshot's rename, before the truncation: the old lines are still there.
    writeFileSync(file, before);
    await play(db, "m", moves, 1);
    const { db: after } = await store(dir);
    const { state: st, log } = await after.fetch("m", { state: true, log: true });
    expect(st._stateID).toBe(moves + 1);
    expect(log.map((e) => e._stateID)).toEqual([...Array(moves + 1).keys()]);
  });
});

describe("online.storage-cache: at most cacheSize matches in memory, openFiles lines files open", () => {
  it("the least recently used leave; every match still reads, from disk", async () => {
    const dir = folder();
    const { db, lines } = await store(dir, { cacheSize: 3, openFiles: 2 });
    for (const id of ["a", "b", "c", "d", "e"]) {
      await db.createMatch(id, { initialState: state(0) as never, metadata: metadata() as never });
      await play(db, id, 0, 2);
    }
    expect(db.cached).toBe(3);
    expect(db.openFileCount).toBe(2);
    for (const id of ["a", "b", "c", "d", "e"])
      expect((await db.fetch(id, { state: true })).state._stateID, id).toBe(2);
    expect(db.cached).toBe(3);
    expect((await db.listMatches({ gameName: "train-game" })).sort()).toEqual(["a", "b", "c", "d", "e"]);
    // A listing reads no snapshot of a match in memory (the memory is the truth while the server runs).
    writeFileSync(join(dir, `${md5("e")}.snap`), "}");
    expect((await db.listMatches()).sort()).toEqual(["a", "b", "c", "d", "e"]);
    expect(lines).toEqual([]);
    await play(db, "e", 2, 1);
    await db.flush();
    // Appends after their files were closed open them again and land after the earlier lines.
    await play(db, "a", 2, 1);
    await db.flush();
    expect(db.openFileCount).toBe(0);
    const { db: again } = await store(dir);
    expect((await again.fetch("a", { log: true })).log).toEqual([entry(0), entry(1), entry(2)]);
  });
});

describe("online.storage-migration: boardgame.io's FlatFile folders", () => {
  it("are moved to snapshots at start: every match reads the same, the old files are gone", async () => {
    const dir = folder();
    const old = new RailkitFlatFile(dir, () => {});
    await old.connect();
    for (const id of ["a", "__proto__"]) {
      await old.createMatch(id, { initialState: state(0) as never, metadata: metadata() as never });
      await old.setState(id, state(1) as never, [entry(0)] as never);
    }
    const all = { state: true, metadata: true, log: true } as const;
    const before = await old.fetch("a", all);
    const { db, lines } = await store(dir);
    expect(await db.fetch("a", all)).toEqual(before);
    expect((await db.fetch("__proto__", all)).log).toEqual([entry(0)]);
    expect(readdirSync(dir).sort()).toEqual([`${md5("a")}.snap`, `${md5("__proto__")}.snap`].sort());
    expect(lines).toEqual([expect.stringContaining("2 matches moved")]);
    await play(db, "a", 1, 1);
    const { db: again, lines: quiet } = await store(dir);
    expect((await again.fetch("a", { log: true })).log).toEqual([entry(0), entry(1)]);
    expect(quiet).toEqual([]);
  });
});

describe("online.storage-broken: a broken snapshot", () => {
  it("is reported once and reads as missing; listing skips it; a temporary file a crash left is removed", async () => {
    const dir = folder();
    const { db } = await store(dir);
    for (const id of ["a", "b", "c"])
      await db.createMatch(id, { initialState: state(0) as never, metadata: metadata() as never });
    writeFileSync(join(dir, `${md5("b")}.snap`), "");
    writeFileSync(join(dir, `${md5("c")}.snap`), JSON.stringify({ v: 1, id: "a", n: 0 }));
    const temp = join(dir, `.${md5("a")}.4242-7.tmp`);
    writeFileSync(temp, '{"v":1,');
    const { db: after, lines } = await store(dir);
    expect(existsSync(temp)).toBe(false);
    expect(await after.fetch("b", { state: true, metadata: true })).toEqual({
      state: undefined,
      metadata: undefined,
    });
    expect((await after.fetch("c", { state: true })).state).toBeUndefined();
    expect(await after.listMatches()).toEqual(["a"]);
    await after.fetch("b", { state: true });
    expect(lines.filter((l) => l.includes(md5("b")))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(md5("c")))).toHaveLength(1);
    expect(lines.filter((l) => l.includes(temp))).toHaveLength(1);
    // A write to a match without a snapshot writes nothing (logged), never a lines file alone.
    await after.setState("b", state(1) as never, [entry(0)] as never);
    expect(existsSync(join(dir, `${md5("b")}.lines`))).toBe(false);
  });

  it("match ids that are Object.prototype's names are matches of their own", async () => {
    const { db, lines } = await store(folder());
    for (const id of ["constructor", "__proto__", "toString"]) {
      expect(await db.fetch(id, { state: true })).toEqual({ state: undefined });
      await db.createMatch(id, { initialState: state(0) as never, metadata: metadata() as never });
      expect(await db.fetch(id, { state: true })).toEqual({ state: state(0) });
    }
    expect(lines).toEqual([]);
  });
});

describe("online.fsync-batch: one syncfs a batch, fsync file by file where it cannot run", () => {
  const matches = 40;
  async function playMany(db: MatchFiles): Promise<void> {
    for (let i = 0; i < matches; i++)
      await db.createMatch(`m${i}`, { initialState: state(0) as never, metadata: metadata() as never });
    await Promise.all(Array.from({ length: matches }, (_, i) => play(db, `m${i}`, 0, 2)));
  }

  it("the files of many matches are made durable by one syncfs, not one fsync each", async () => {
    const { db, lines } = await store(folder());
    await playMany(db);
    await db.flush();
    expect(db.synced.batches).toBeGreaterThanOrEqual(1);
    expect(db.synced.files).toBe(0);
    expect(lines).toEqual([]);
  });

  it("where sync -f fails, every file written is fsynced one by one (said once)", async () => {
    const dir = folder();
    const { db, lines } = await store(dir, { syncCommand: "false" });
    await playMany(db);
    await db.flush();
    expect(db.synced.batches).toBe(0);
    // The snapshots of the created matches and the lines files of the moves, each at least once.
    expect(db.synced.files).toBeGreaterThanOrEqual(2 * matches);
    expect(lines.filter((l) => l.includes("fsynced one by one"))).toHaveLength(1);
    const again = new MatchFiles(dir, () => {});
    expect((await again.fetch("m7", { log: true })).log).toEqual([entry(0), entry(1)]);
  });

  it("the helper takes the folder as an argument (a name with quotes and $(…) runs nothing) and exits at close", async () => {
    const dir = join(folder(), `a "b" $(touch pwned) 'c'`);
    const { db } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    const sync = new Syncfs(dir);
    expect(await sync.sync()).toBe(true);
    expect(await sync.sync()).toBe(true);
    expect(sync.done).toBe(2);
    const child = (sync as unknown as { child: import("node:child_process").ChildProcess }).child;
    const exited = new Promise((r) => child.once("exit", r));
    sync.close();
    await exited;
    expect(existsSync("pwned")).toBe(false);
    expect(existsSync(join(dir, "pwned"))).toBe(false);
    // Closed, it starts again when asked; a command that fails makes it answer false from then on.
    expect(await sync.sync()).toBe(true);
    sync.close();
    const failing = new Syncfs(dir, "false");
    expect(await failing.sync()).toBe(false);
    expect(failing.available).toBe(false);
    expect(await failing.sync()).toBe(false);
    await db.flush();
  });
});

describe("online.storage-async: nothing on a move's path waits on the disk", () => {
  it("the storage modules call no synchronous file function but the append's one write", () => {
    for (const file of ["server/match-files.ts", "server/flat-file.ts", "server/syncfs.ts"]) {
      let text = readFileSync(join(import.meta.dirname, "../..", file), "utf8");
      if (file === "server/match-files.ts") {
        // The append on the loop (writeNow): one `write` to the page cache, no open, read, fsync or rename.
        expect(text.match(/import \{ writeSync \} from "node:fs";/g)).toHaveLength(1);
        expect(text.match(/writeSync\(/g)).toHaveLength(1);
        text = text.replace('import { writeSync } from "node:fs";', "").replace("writeSync(", "write(");
      }
      expect(text, file).not.toMatch(/from "node:fs"|from "fs"|require\(|\w+Sync\(/);
    }
  });

  it("a move's state and metadata lines are written before the loop's next turn (no hop through the pool)", async () => {
    const dir = folder();
    const { db, lines } = await store(dir);
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    await play(db, "m", 0, 1); // opens the lines file
    const order: string[] = [];
    setImmediate(() => order.push("next turn"));
    await Promise.all([
      db.setState("m", state(2) as never, [entry(1)] as never),
      db.setMetadata("m", metadata(101) as never),
    ]);
    order.push("stored");
    expect(linesOf(dir, "m")).toHaveLength(4);
    expect(order[0]).toBe("stored");
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(["stored", "next turn"]);
    expect(lines).toEqual([]);
  });

  it("an append slower than the bound sends appends through the thread pool (said once); nothing is lost", async () => {
    const dir = folder();
    const { db, lines } = await store(dir, { slowAppendMs: -1 });
    await db.createMatch("m", { initialState: state(0) as never, metadata: metadata() as never });
    await play(db, "m", 0, 6);
    expect(lines.filter((l) => l.includes("go through the thread pool"))).toHaveLength(1);
    const again = new MatchFiles(dir, () => {});
    expect((await again.fetch("m", { log: true })).log).toHaveLength(6);
    expect((await again.fetch("m", { state: true })).state).toEqual(state(6));
  });
});
