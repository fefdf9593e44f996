/**
 * The railkit server's former flat-file storage (issue #20), kept as the reader of folders in that layout:
 * server/match-files.ts (the storage since issue #25) moves them to its own at start.
 *
 * Flat-file storage of the railkit server (issue #20): boardgame.io's `FlatFile` (its match layout: keys
 * `<id>`, `<id>:initial`, `<id>:metadata`, `<id>:log`) over a small key-value store of our own, `AtomicFiles`,
 * in place of node-persist. The files are node-persist 3's: one file a key, named `md5(key)`, holding
 * `JSON.stringify({ key, value, ttl })` in UTF-8, so folders written before still load.
 *
 * What changes, and why:
 * - **Atomic writes.** node-persist writes a file in place (`fs.writeFile`): a kill -9 in the middle left a
 *   0-byte or cut file. Each write here goes to a temporary file in the same folder (`.<name>.<pid>-<n>.tmp`),
 *   is fsynced, renamed over the target, and the folder is fsynced (where the platform allows): a reader sees
 *   the old file or the new one, never a part.
 * - **A broken file is never a reason to stop.** A file that cannot be parsed, does not hold a node-persist
 *   datum, or holds another key than its name says is reported (one log line with the file, once while it stays
 *   broken) and reads as missing: the match it belongs to is "no such match" and listings skip it. Temporary
 *   files left by a crash are removed at start (one log line each). A stored value of the wrong shape (a state
 *   without `G`, metadata without `players`) reads as missing too, so the game code never meets it.
 * - `fetch` never rejects: a read error (a permission, a file turned into a folder) is logged and the part
 *   reads as missing, so a `sync` of that match answers nothing instead of stopping the process.
 * - A move's log entries are kept only with its state: a kill -9 between the log's write and the state's left
 *   the log one move ahead of the state; those entries are dropped on read and on the next write.
 * - Its own store per server (FlatFile uses node-persist's shared instance, so two servers in one process wrote
 *   into one folder), no write queue (node-persist batched writes once a second), no expiry timer (nothing
 *   expires; node-persist's timer read every file every two minutes and a broken file made it throw).
 *
 * - **fsync policy** (issue #25; {@link SyncPolicy}): by default (`"batch"`) a write is the temporary file's
 *   write and its rename, and the written files and the folder are fsynced together once per {@link SYNC_MS}
 *   (a key written many times meanwhile is fsynced once), off the move's path: a write survives a kill -9 of the
 *   server as soon as it has returned (the data is in the kernel's cache, which a dead process does not take with
 *   it); a power cut may lose the writes of the last {@link SYNC_MS}. `"write"` fsyncs each write and the folder
 *   before the write returns (about 12 ms a write here), for a disk that must hold every move through a power cut.
 *
 * One server per folder: the temporary files of another live server in the same folder would be removed.
 */
import { createHash } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, unlink } from "node:fs/promises";
import { join, resolve } from "node:path";
import type { LogEntry, State, StorageAPI } from "boardgame.io";
import { FlatFile } from "boardgame.io/server";
import { isObject } from "../web/engine/common/input.ts";

/** Where the lines about broken and leftover files go (default `console.error`). */
export type StoreLog = (line: string) => void;

const NAME = /^[0-9a-f]{32}$/;
const TEMP = /^\.[0-9a-f]{32}\.\d+-\d+\.tmp$/;

const md5 = (key: string) => createHash("md5").update(key).digest("hex");
const code = (e: unknown) => (isObject(e) && typeof e.code === "string" ? e.code : "");

interface Datum {
  key: string;
  value: unknown;
  ttl?: number;
}

/** When a write reaches the disk itself (see the header): with each write, or in batches every {@link SYNC_MS}. */
export type SyncPolicy = "write" | "batch";

/** The period of the batched fsync, in ms. */
export const SYNC_MS = 200;

/**
 * A folder of node-persist 3 files with atomic writes: the six calls boardgame.io's FlatFile makes of
 * node-persist (`init`, `getItem`, `setItem`, `removeItem`, `keys`, `clear`).
 */
export class AtomicFiles {
  readonly dir: string;
  private readonly log: StoreLog;
  /** Broken files already reported, with the reason: each is reported once, again only after a write of it. */
  private readonly reported = new Map<string, string>();
  private writes = 0;
  private readonly policy: SyncPolicy;
  /** Files written since the last batched fsync. */
  private unsynced = new Set<string>();
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private syncing: Promise<void> = Promise.resolve();

  constructor(dir: string, log: StoreLog = (line) => console.error(line), policy: SyncPolicy = "batch") {
    this.dir = resolve(dir);
    this.log = log;
    this.policy = policy;
  }

  /** fsyncs every file written since the last batch, then the folder (the batched policy); now, not later. */
  flush(): Promise<void> {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    const files = [...this.unsynced];
    this.unsynced = new Set();
    this.syncing = this.syncing.then(async () => {
      if (files.length === 0) return;
      for (const file of files) {
        let handle: Awaited<ReturnType<typeof open>> | undefined;
        try {
          handle = await open(file, "r");
          await handle.sync();
        } catch (e) {
          // Renamed over or removed since: its newer write is in a later batch.
          if (code(e) !== "ENOENT") this.log(`flat files: fsync of ${file} failed (${(e as Error).message})`);
        } finally {
          await handle?.close();
        }
      }
      await this.syncDir().catch((e: unknown) =>
        this.log(`flat files: fsync of ${this.dir} failed (${(e as Error).message})`),
      );
    });
    return this.syncing;
  }

  private written(file: string): void {
    this.unsynced.add(file);
    if (!this.syncTimer) {
      this.syncTimer = setTimeout(() => void this.flush(), SYNC_MS);
      this.syncTimer.unref?.();
    }
  }

  /** Creates the folder, removes the temporary files a crash left, and reports every broken file once. */
  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    for (const name of await readdir(this.dir)) {
      if (!TEMP.test(name)) continue;
      await rm(join(this.dir, name), { force: true });
      this.log(
        `flat files: removed ${join(this.dir, name)}, a write a crash interrupted (the file it was for is as before)`,
      );
    }
    await this.data();
  }

  async getItem(key: string): Promise<unknown> {
    const file = this.path(key);
    const datum = await this.read(file);
    if (datum === undefined) return undefined;
    if (datum.key !== key) {
      this.report(file, `holds key ${JSON.stringify(datum.key)}, not the key its name is for`);
      return undefined;
    }
    return datum.value;
  }

  /** Writes `{ key, value }` to a temporary file, fsyncs it, renames it over the key's file, fsyncs the folder. */
  async setItem(key: string, value: unknown): Promise<void> {
    const file = this.path(key);
    const text = JSON.stringify({ key, value });
    const temp = join(this.dir, `.${md5(key)}.${process.pid}-${++this.writes}.tmp`);
    try {
      const handle = await open(temp, "w");
      try {
        await handle.writeFile(text, "utf8");
        if (this.policy === "write") await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
      this.reported.delete(file);
    } catch (e) {
      await rm(temp, { force: true }).catch(() => {});
      throw e;
    }
    if (this.policy === "write") await this.syncDir();
    else this.written(file);
  }

  async removeItem(key: string): Promise<void> {
    try {
      await unlink(this.path(key));
    } catch (e) {
      if (code(e) !== "ENOENT") throw e;
      return;
    } finally {
      this.reported.delete(this.path(key));
    }
    await this.syncDir();
  }

  /** The keys of every readable file (broken ones reported and left out). */
  async keys(): Promise<string[]> {
    return (await this.data()).map((d) => d.key);
  }

  async clear(): Promise<void> {
    for (const key of await this.keys()) await this.removeItem(key);
  }

  private path(key: string): string {
    return join(this.dir, md5(key));
  }

  /** Every readable datum of the folder; dot files (ours: temporary files) and other names are not data. */
  private async data(): Promise<Datum[]> {
    const out: Datum[] = [];
    for (const name of await readdir(this.dir)) {
      if (name.startsWith(".")) continue;
      const file = join(this.dir, name);
      if (!NAME.test(name)) {
        this.report(file, "is not named as a storage file (md5 of its key)");
        continue;
      }
      let datum: Datum | undefined;
      try {
        datum = await this.read(file);
      } catch (e) {
        this.report(file, `cannot be read (${(e as Error).message})`);
        continue;
      }
      if (datum === undefined) continue;
      if (md5(datum.key) !== name) {
        this.report(file, `holds key ${JSON.stringify(datum.key)}, not the key its name is for`);
        continue;
      }
      out.push(datum);
    }
    return out;
  }

  /** The file's datum; undefined when missing, or broken (reported). Other read errors are thrown. */
  private async read(file: string): Promise<Datum | undefined> {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (e) {
      if (code(e) === "ENOENT") return undefined;
      throw e;
    }
    let datum: unknown;
    try {
      datum = JSON.parse(text);
    } catch {
      this.report(file, text.length === 0 ? "is empty (0 bytes)" : `is not JSON (${text.length} bytes)`);
      return undefined;
    }
    if (!isObject(datum) || typeof datum.key !== "string") {
      this.report(file, "is JSON but not a storage file ({ key, value })");
      return undefined;
    }
    return datum as unknown as Datum;
  }

  report(file: string, reason: string): void {
    if (this.reported.get(file) === reason) return;
    this.reported.set(file, reason);
    this.log(`flat files: ${file} ${reason}; skipped (its match reads as missing)`);
  }

  /** fsync of the folder, so the rename itself survives a power cut; not every platform allows it. */
  private async syncDir(): Promise<void> {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(this.dir, "r");
      await handle.sync();
    } catch (e) {
      if (!["EISDIR", "EPERM", "EINVAL", "EBADF", "EACCES"].includes(code(e))) throw e;
    } finally {
      await handle?.close();
    }
  }
}

/** The entries of a stored log played on states before `stateID` (all of them, when every entry is). */
function playedBefore(log: unknown, stateID: number): unknown[] {
  if (!Array.isArray(log)) return [];
  const kept = log.filter((e) => !(isObject(e) && typeof e._stateID === "number" && e._stateID >= stateID));
  return kept.length === log.length ? log : kept;
}

/** Does a stored value have the shape the game code reads? (Everything deeper is the engine's own check.) */
const SHAPES: Record<string, (v: unknown) => boolean> = {
  state: (v) => isObject(v) && isObject(v.G) && isObject(v.ctx) && typeof v._stateID === "number",
  initialState: (v) => isObject(v) && isObject(v.G) && isObject(v.ctx),
  metadata: (v) => isObject(v) && typeof v.gameName === "string" && isObject(v.players),
  log: (v) => Array.isArray(v),
};
const SUFFIX: Record<string, string> = {
  state: "",
  initialState: ":initial",
  metadata: ":metadata",
  log: ":log",
};

/**
 * boardgame.io's FlatFile over `AtomicFiles` (see the header). `fetch` answers a broken or unreadable part as
 * missing (logged) instead of rejecting; `listMatches` skips a match whose state or metadata is missing or
 * broken (boardgame.io's threw a TypeError for every listing, answered 500).
 */
export class RailkitFlatFile extends FlatFile {
  readonly files: AtomicFiles;

  constructor(dir: string, log?: StoreLog, policy?: SyncPolicy) {
    super({ dir });
    this.files = new AtomicFiles(dir, log, policy);
    (this as unknown as { games: AtomicFiles }).games = this.files;
    // FlatFile's per-key write chains: without a prototype, so a match id such as "constructor" or "__proto__"
    // (a hostile sync) names a key of its own, not one of Object.prototype's members.
    (this as unknown as { fileQueues: Record<string, Promise<unknown>> }).fileQueues = Object.create(null);
  }

  override async connect(): Promise<void> {
    await this.files.init();
  }

  override async fetch<O extends StorageAPI.FetchOpts>(
    matchID: string,
    opts: O,
  ): Promise<StorageAPI.FetchResult<O>> {
    const getItem = (this as unknown as { getItem(key: string): Promise<unknown> }).getItem.bind(this);
    const result: Record<string, unknown> = {};
    for (const part of ["state", "metadata", "log", "initialState"] as const) {
      if (!opts[part]) continue;
      const key = matchID + SUFFIX[part];
      let value: unknown;
      try {
        value = await getItem(key);
      } catch (e) {
        this.files.report(join(this.files.dir, md5(key)), `cannot be read (${(e as Error).message})`);
        value = undefined;
      }
      if (value !== undefined && !SHAPES[part]!(value)) {
        this.files.report(join(this.files.dir, md5(key)), `holds no ${part} of match ${matchID}`);
        value = undefined;
      }
      result[part] = value;
    }
    // The log entries of a move whose state a crash lost (see setState) are not part of the match.
    if (isObject(result.state) && Array.isArray(result.log))
      result.log = playedBefore(result.log, result.state._stateID as number);
    return result as StorageAPI.FetchResult<O>;
  }

  /**
   * FlatFile's, but the log first drops the entries of a move whose state was never stored: a move writes its
   * log, then its state, so a kill -9 between them left the lost move's entries in the log (each entry has the
   * `_stateID` of the state it was played on; a state from a move has that id plus one).
   */
  override async setState(id: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    const own = this as unknown as {
      getItem(key: string): Promise<unknown>;
      setItem(key: string, value: unknown): Promise<unknown>;
    };
    if (deltalog && deltalog.length > 0) {
      const log = await own.getItem(`${id}:log`);
      await own.setItem(`${id}:log`, [...playedBefore(log, deltalog[0]!._stateID), ...deltalog]);
    }
    await own.setItem(id, state);
  }

  override async listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]> {
    const suffix = ":metadata";
    const ids = (await this.files.keys())
      .filter((k) => k.endsWith(suffix))
      .map((k) => k.slice(0, -suffix.length));
    if (!opts) return ids;
    const kept = await Promise.all(
      ids.map(async (matchID) => {
        const { state, metadata } = await this.fetch(matchID, { state: true, metadata: true });
        if (!state || !metadata) return false;
        if (opts.gameName && opts.gameName !== metadata.gameName) return false;
        const where = opts.where;
        if (where?.isGameover !== undefined && (metadata.gameover !== undefined) !== where.isGameover)
          return false;
        if (where?.updatedBefore !== undefined && metadata.updatedAt >= where.updatedBefore) return false;
        if (where?.updatedAfter !== undefined && metadata.updatedAt <= where.updatedAfter) return false;
        return true;
      }),
    );
    return ids.filter((_, i) => kept[i]);
  }
}

/** The server's flat-file storage in `dir` (see the header). */
export function flatFile(dir: string, log?: StoreLog, policy?: SyncPolicy): RailkitFlatFile {
  return new RailkitFlatFile(dir, log, policy);
}
