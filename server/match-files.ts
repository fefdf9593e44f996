/**
 * The railkit server's flat-file storage (issue #25): append-only, one match = two files, an in-memory cache.
 *
 * Layout of the folder (`RAILKIT_MATCHES`), `<h>` = md5 of the match id (hex):
 * - `<h>.snap`: the match as of line `n`: `{"v":1,"id":…,"n":…,"state":…,"initialState":…,"metadata":…,"log":[…]}`,
 *   written whole to a temporary file (`.<h>.<pid>-<k>.tmp`) and renamed over (a reader sees the old or the new).
 * - `<h>.lines`: what changed since, one JSON object a line, appended: `{"n":7,"s":state,"d":deltalog}` (a
 *   move: its state and its log entries in one line, so they cannot part), `{"n":8,"m":metadata}`, or
 *   `{"n":9,"u":updatedAt}` (a metadata write that changed only `updatedAt`, the one of every move). `n` counts
 *   the match's writes; a line whose `n` the snapshot already holds is skipped (a crash between a snapshot's
 *   rename and the lines file's truncation).
 * - Every {@link SNAPSHOT_LINES} lines or {@link SNAPSHOT_BYTES} bytes of lines, the match is written to a new
 *   snapshot and its lines file emptied.
 *
 * A move is one append of one line (its state and log entries; the metadata line of the same move joins it in
 * the same append): no read, no rewrite of the log, no rename. The last {@link CACHE_MATCHES} matches used are
 * kept in memory (state, metadata, log), so a move reads nothing; a match is read from disk (snapshot, then its
 * lines) only when it is not in the cache. A match's writes are applied in order, one append at a time; writes
 * arriving while one is under way go out together in the next.
 *
 * **The event loop.** One file call on a move's path is synchronous: the append itself, as Redis appends to its
 * AOF: when the match's lines file is open and nothing else of the match is under way, the lines a move wrote
 * (its state, then its metadata, gathered until the end of the move's synchronous run) go out in one `write` to
 * the kernel's page cache (~13 µs mean at 1,000 moves a second here), so the move is sent in the same turn of the
 * loop, not a turn later (that hop was most of the p99 at 1,000 matches: docs/benchmarks.md). An append slower
 * than {@link SLOW_APPEND_MS} ms (a disk that makes writes wait) sends the store's appends through libuv's pool
 * for {@link SLOW_APPEND_PAUSE_MS} ms (logged). Every other file call (opening, cutting a line, snapshots,
 * fsync, reading) is asynchronous, and no fsync is ever on a move's path under the batch policy.
 *
 * **Crashes.** An append returns once `write` has returned: the line is in the kernel's page cache, which a kill -9
 * of the server does not take with it, and the server sends a move only after its write returned (Stored, then
 * sent: server/store-first.ts). A last line cut by a crash (no newline, or not JSON) is dropped when the match is
 * read, and cut off the file before the next append; a cut line elsewhere stops the reading there (reported).
 * A snapshot that cannot be read or has the wrong shape is reported once and its match reads as missing.
 * Temporary files a crash left are removed at start.
 *
 * **fsync policy** ({@link SyncPolicy}): `"batch"` (the default): what was written is made durable together every
 * {@link SYNC_MS} ms, off the moves' path, by one syncfs of the folder's file system (server/syncfs.ts);
 * where that cannot run, the files written and the folder are fsynced one by one (a file appended to many times
 * meanwhile once). A power cut may lose the last {@link SYNC_MS} ms of writes. `"write"`: each append and
 * snapshot is fsynced before it returns (and the folder, when a file is created or renamed).
 *
 * **Migration.** A folder in boardgame.io's FlatFile layout (node-persist files `md5(key)`, server/flat-file.ts)
 * is moved to this layout at start: each readable match is written as a snapshot, then its old files removed
 * (one line in the log with the count). Broken old files are reported by the old reader and left in place.
 *
 * One server per folder: the cache assumes no one else writes the files.
 */
import { createHash } from "node:crypto";
import { writeSync } from "node:fs";
import {
  type FileHandle,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  truncate,
  unlink,
} from "node:fs/promises";
import { join, resolve } from "node:path";
import type { LogEntry, Server, State, StorageAPI } from "boardgame.io";
import { Async } from "boardgame.io/internal";
import { isObject } from "../web/engine/common/input.ts";
import { RailkitFlatFile, type StoreLog, SYNC_MS, type SyncPolicy } from "./flat-file.ts";
import { Syncfs } from "./syncfs.ts";

export { type StoreLog, SYNC_MS, type SyncPolicy };

/** Matches kept in memory (the least recently used leave first; a match with a write under way stays). */
export const CACHE_MATCHES = 4096;
/**
 * Lines files kept open between appends (the least recently appended to are closed first). Node raises the
 * soft limit of open files to the hard one; if opening one still fails for the limit (EMFILE), the older half
 * of ours is closed and the open tried once more.
 */
export const OPEN_FILES = 2048;
/** A new snapshot after this many lines… */
export const SNAPSHOT_LINES = 100;
/** …or this many bytes of lines. */
export const SNAPSHOT_BYTES = 1 << 20;
/** An append on the loop slower than this (ms)… */
export const SLOW_APPEND_MS = 20;
/** …sends appends through the thread pool for this long (ms). */
export const SLOW_APPEND_PAUSE_MS = 10_000;

const md5 = (key: string) => createHash("md5").update(key).digest("hex");
const code = (e: unknown) => (isObject(e) && typeof e.code === "string" ? e.code : "");
const TEMP = /^\.[0-9a-f]{32}\.\d+-\d+\.tmp$/;
const LEGACY = /^[0-9a-f]{32}$/;

/** One match in memory. */
interface Match {
  id: string;
  hash: string;
  state: State | undefined;
  initialState: State | undefined;
  metadata: Server.MatchData | undefined;
  /** JSON of the metadata with `updatedAt` left out: a metadata write equal to it is a `u` line. */
  metaKey: string;
  log: LogEntry[];
  /** The match's last write number. */
  n: number;
  /** Lines and bytes in the lines file since the snapshot. */
  lines: number;
  bytes: number;
  /** Bytes of the lines file to keep before the next append (a cut last line), or -1. */
  cutAt: number;
  /** Lines waiting for the next append, and the promise of that append. */
  pending: string[];
  next: Promise<void> | undefined;
  /** The lines file, open for appending (at most {@link OPEN_FILES} matches have one). */
  handle: FileHandle | undefined;
  /** The match's writes, in order. */
  chain: Promise<void>;
  /** Writes under way or waiting (the match stays in the cache meanwhile). */
  busy: number;
}

const SHAPES = {
  state: (v: unknown) => isObject(v) && isObject(v.G) && isObject(v.ctx) && typeof v._stateID === "number",
  metadata: (v: unknown) => isObject(v) && typeof v.gameName === "string" && isObject(v.players),
};

/**
 * Removes a file if it is there. `unlink`, not `rm({ force: true })`: in a profile at 500 matches, `rm`'s
 * checks (an `lstat`, then rimraf's) were 2.9 % of the server's samples, one `rm` a match created.
 */
async function removed(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (e) {
    if (code(e) !== "ENOENT") throw e;
  }
}

const metaKey = (m: Server.MatchData | undefined) => (m ? JSON.stringify({ ...m, updatedAt: 0 }) : "");

/** boardgame.io storage over append-only match files (see the header). */
export class MatchFiles extends Async {
  readonly dir: string;
  private readonly log: StoreLog;
  private readonly policy: SyncPolicy;
  private readonly cacheSize: number;
  private readonly openFiles: number;
  private readonly cache = new Map<string, Match>();
  private readonly loading = new Map<string, Promise<Match | undefined>>();
  private readonly reported = new Map<string, string>();
  /** Matches with an open lines file, the least recently appended to first. */
  private readonly open = new Set<Match>();
  private temps = 0;
  private unsynced = new Set<string>();
  /** Matches whose lines file was appended to since the last batched fsync. */
  private unsyncedLines = new Set<Match>();
  private dirUnsynced = false;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private syncing: Promise<void> = Promise.resolve();
  /** The batch policy's one syncfs a batch (fsync file by file where it cannot run). */
  private readonly syncfs: Syncfs;
  private readonly slowAppendMs: number;
  /** Until when (Date.now()) appends go through the thread pool, after a slow one. */
  private slowUntil = 0;
  /** Batches made durable by one syncfs, and files fsynced one by one (for tests). */
  readonly synced = { batches: 0, files: 0 };

  constructor(
    dir: string,
    log: StoreLog = (line) => console.error(line),
    policy: SyncPolicy = "batch",
    bounds: { cacheSize?: number; openFiles?: number; syncCommand?: string; slowAppendMs?: number } = {},
  ) {
    super();
    this.dir = resolve(dir);
    this.log = log;
    this.policy = policy;
    this.cacheSize = bounds.cacheSize ?? CACHE_MATCHES;
    this.openFiles = bounds.openFiles ?? OPEN_FILES;
    this.syncfs = new Syncfs(this.dir, bounds.syncCommand);
    this.slowAppendMs = bounds.slowAppendMs ?? SLOW_APPEND_MS;
  }

  /** Creates the folder, removes the temporary files a crash left, moves a FlatFile folder to this layout. */
  override async connect(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const names = await readdir(this.dir);
    for (const name of names) {
      if (!TEMP.test(name)) continue;
      await rm(join(this.dir, name), { force: true });
      this.log(
        `flat files: removed ${join(this.dir, name)}, a write a crash interrupted (the file it was for is as before)`,
      );
    }
    if (names.some((n) => LEGACY.test(n))) await this.migrate();
  }

  /** Moves the matches of boardgame.io's FlatFile layout (server/flat-file.ts) to snapshots. */
  private async migrate(): Promise<void> {
    const old = new RailkitFlatFile(this.dir, this.log, this.policy);
    await old.connect();
    let moved = 0;
    for (const id of await old.listMatches()) {
      const { state, metadata, log, initialState } = await old.fetch(id, {
        state: true,
        metadata: true,
        log: true,
        initialState: true,
      });
      if (!state || !metadata) continue;
      const m = this.fresh(id);
      Object.assign(m, { state, metadata, log: log ?? [], initialState, metaKey: metaKey(metadata) });
      if (!(await this.readSnapshot(m.hash))) await this.snapshot(m);
      for (const suffix of ["", ":initial", ":metadata", ":log"]) await old.files.removeItem(id + suffix);
      moved++;
    }
    if (moved > 0) {
      await this.flush();
      this.log(
        `flat files: ${moved} matches moved from boardgame.io's FlatFile layout to snapshot + lines files`,
      );
    }
  }

  override async createMatch(id: string, opts: StorageAPI.CreateMatchOpts): Promise<void> {
    await this.loading.get(id)?.catch(() => {});
    const m = this.fresh(id);
    m.state = opts.initialState;
    m.initialState = opts.initialState;
    m.metadata = opts.metadata;
    m.metaKey = metaKey(opts.metadata);
    this.remember(m);
    await this.run(m, async () => {
      await removed(this.linesPath(m.hash));
      await this.snapshot(m);
    });
  }

  override async setState(id: string, state: State, deltalog?: LogEntry[]): Promise<void> {
    const m = this.cache.get(id) ?? (await this.load(id));
    if (!m) return this.missing(id, "setState");
    m.state = state;
    if (deltalog && deltalog.length > 0) for (const e of deltalog) m.log.push(e);
    const n = ++m.n;
    return this.append(
      m,
      `{"n":${n},"s":${JSON.stringify(state)}${deltalog?.length ? `,"d":${JSON.stringify(deltalog)}` : ""}}\n`,
    );
  }

  override async setMetadata(id: string, metadata: Server.MatchData): Promise<void> {
    const m = this.cache.get(id) ?? (await this.load(id));
    if (!m) return this.missing(id, "setMetadata");
    const key = metaKey(metadata);
    const n = ++m.n;
    const line =
      key === m.metaKey && typeof metadata.updatedAt === "number"
        ? `{"n":${n},"u":${metadata.updatedAt}}\n`
        : `{"n":${n},"m":${JSON.stringify(metadata)}}\n`;
    m.metadata = metadata;
    m.metaKey = key;
    return this.append(m, line);
  }

  override async fetch<O extends StorageAPI.FetchOpts>(
    id: string,
    opts: O,
  ): Promise<StorageAPI.FetchResult<O>> {
    const m = this.cache.get(id) ?? (await this.load(id));
    if (m) this.touch(m);
    const r: Record<string, unknown> = {};
    // The metadata is a copy (boardgame.io's lobby and master change the fetched object before writing it);
    // states are not changed in place by boardgame.io (its reducer makes new ones).
    if (opts.state) r.state = m?.state;
    if (opts.metadata) r.metadata = m?.metadata ? structuredClone(m.metadata) : undefined;
    if (opts.log) r.log = m ? m.log.slice() : undefined;
    if (opts.initialState) r.initialState = m?.initialState;
    return r as StorageAPI.FetchResult<O>;
  }

  override async wipe(id: string): Promise<void> {
    const m = this.cache.get(id) ?? (await this.load(id));
    const hash = md5(id);
    const done = async () => {
      if (m) await this.closeFile(m);
      await removed(this.linesPath(hash));
      await removed(this.snapPath(hash));
      this.cache.delete(id);
    };
    if (m) await this.run(m, done);
    else await done();
  }

  override async listMatches(opts?: StorageAPI.ListMatchesOpts): Promise<string[]> {
    const ids: string[] = [];
    // The cached matches by file name: a listing reads only the snapshots of matches not in memory.
    const cached = new Map([...this.cache.values()].map((m) => [m.hash, m]));
    for (const name of await readdir(this.dir)) {
      if (!name.endsWith(".snap") || !LEGACY.test(name.slice(0, -5))) continue;
      let m = cached.get(name.slice(0, -5));
      if (!m) {
        const snap = await this.readSnapshot(name.slice(0, -5));
        if (!snap) continue;
        const id = snap.id as string;
        m = this.cache.get(id) ?? (await this.load(id, false));
      }
      if (!m?.state || !m.metadata) continue;
      const meta = m.metadata;
      if (opts?.gameName && opts.gameName !== meta.gameName) continue;
      const where = opts?.where;
      if (where?.isGameover !== undefined && (meta.gameover !== undefined) !== where.isGameover) continue;
      if (where?.updatedBefore !== undefined && meta.updatedAt >= where.updatedBefore) continue;
      if (where?.updatedAfter !== undefined && meta.updatedAt <= where.updatedAfter) continue;
      ids.push(m.id);
    }
    return ids;
  }

  /**
   * Waits for every write under way, closes the open lines files, then makes durable what the batch policy has
   * not yet, and stops the syncfs helper (before closing; later writes open their files again).
   */
  async flush(): Promise<void> {
    await Promise.all([...this.cache.values()].map((m) => m.chain));
    for (const m of [...this.open]) await this.run(m, () => this.closeFile(m));
    await this.sync();
    this.syncfs.close();
  }

  /**
   * The batched fsync of what was written since the last: one syncfs of the folder's file system, or else the
   * files one by one, then the folder if a file was created or renamed.
   */
  private sync(): Promise<void> {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    const files = [...this.unsynced];
    const matches = [...this.unsyncedLines];
    const dir = this.dirUnsynced;
    this.unsynced = new Set();
    this.unsyncedLines = new Set();
    this.dirUnsynced = false;
    this.syncing = this.syncing.then(async () => {
      if (matches.length === 0 && files.length === 0 && !dir) return;
      const wasAvailable = this.syncfs.available;
      if (await this.syncfs.sync()) {
        this.synced.batches++;
        return;
      }
      if (wasAvailable)
        this.log(
          `flat files: syncfs of ${this.dir} (sync -f) failed or cannot run here; the files written are fsynced one by one from now on`,
        );
      for (const m of matches) {
        // On its open file when it is open (closed meanwhile: the sync fails, and the file is opened for it).
        const ok = await m.handle?.sync().then(
          () => true,
          () => false,
        );
        if (!ok) await this.fsync(this.linesPath(m.hash));
        this.synced.files++;
      }
      for (const file of files) {
        await this.fsync(file);
        this.synced.files++;
      }
      if (dir) await this.syncDir();
    });
    return this.syncing;
  }

  /** Matches in memory now, and lines files open (for tests). */
  get cached(): number {
    return this.cache.size;
  }
  get openFileCount(): number {
    return this.open.size;
  }

  // ── in memory ───────────────────────────────────────────────────────────────────────────────────────────

  private fresh(id: string): Match {
    return {
      id,
      hash: md5(id),
      state: undefined,
      initialState: undefined,
      metadata: undefined,
      metaKey: "",
      log: [],
      n: 0,
      lines: 0,
      bytes: 0,
      cutAt: -1,
      pending: [],
      next: undefined,
      handle: undefined,
      chain: Promise.resolve(),
      busy: 0,
    };
  }

  private touch(m: Match): void {
    this.cache.delete(m.id);
    this.cache.set(m.id, m);
  }

  private remember(m: Match): void {
    this.cache.set(m.id, m);
    if (this.cache.size <= this.cacheSize) return;
    for (const [id, old] of this.cache) {
      if (this.cache.size <= this.cacheSize) break;
      if (old.busy === 0 && old !== m) {
        this.cache.delete(id);
        void this.closeFile(old);
      }
    }
  }

  private missing(id: string, what: string): void {
    this.log(
      `flat files: ${what} of match ${JSON.stringify(id.slice(0, 80))}, which has no snapshot; not written`,
    );
  }

  /** The match from disk (once at a time per id); cached unless `keep` is false. */
  private load(id: string, keep = true): Promise<Match | undefined> {
    const busy = this.loading.get(id);
    if (busy) return busy;
    const p = this.read(id).then((m) => {
      this.loading.delete(id);
      const now = this.cache.get(id);
      if (now) return now;
      if (m && keep) this.remember(m);
      return m;
    });
    this.loading.set(id, p);
    return p;
  }

  // ── on disk ─────────────────────────────────────────────────────────────────────────────────────────────

  private snapPath(hash: string): string {
    return join(this.dir, `${hash}.snap`);
  }
  private linesPath(hash: string): string {
    return join(this.dir, `${hash}.lines`);
  }

  report(file: string, reason: string): void {
    if (this.reported.get(file) === reason) return;
    this.reported.set(file, reason);
    this.log(`flat files: ${file} ${reason}; skipped (its match reads as missing)`);
  }

  /** A snapshot's content, or undefined (missing, or broken: reported). */
  private async readSnapshot(hash: string): Promise<Record<string, unknown> | undefined> {
    const file = this.snapPath(hash);
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (e) {
      if (code(e) !== "ENOENT") this.report(file, `cannot be read (${(e as Error).message})`);
      return undefined;
    }
    let snap: unknown;
    try {
      snap = JSON.parse(text);
    } catch {
      this.report(file, text.length === 0 ? "is empty (0 bytes)" : `is not JSON (${text.length} bytes)`);
      return undefined;
    }
    if (
      !isObject(snap) ||
      snap.v !== 1 ||
      typeof snap.id !== "string" ||
      md5(snap.id) !== hash ||
      typeof snap.n !== "number" ||
      !SHAPES.state(snap.state) ||
      !SHAPES.metadata(snap.metadata) ||
      !Array.isArray(snap.log)
    ) {
      this.report(file, "is not a snapshot of the match its name is for");
      return undefined;
    }
    return snap;
  }

  /** The match: its snapshot, then the lines written after it. */
  private async read(id: string): Promise<Match | undefined> {
    const m = this.fresh(id);
    const snap = await this.readSnapshot(m.hash);
    if (!snap) return undefined;
    m.state = snap.state as State;
    m.initialState = (SHAPES.state(snap.initialState) ? snap.initialState : undefined) as State | undefined;
    m.metadata = snap.metadata as Server.MatchData;
    m.log = snap.log as LogEntry[];
    m.n = snap.n as number;
    const file = this.linesPath(m.hash);
    let text = "";
    try {
      text = await readFile(file, "utf8");
    } catch (e) {
      if (code(e) !== "ENOENT") {
        this.report(file, `cannot be read (${(e as Error).message})`);
        return undefined;
      }
    }
    let at = 0;
    while (at < text.length) {
      const end = text.indexOf("\n", at);
      if (end < 0) break; // a cut last line
      let line: unknown;
      try {
        line = JSON.parse(text.slice(at, end));
      } catch {
        line = undefined;
      }
      if (!isObject(line) || typeof line.n !== "number") {
        this.log(`flat files: ${file} has a cut or broken line at byte ${at}; the match is read up to it`);
        break;
      }
      if (line.n > m.n) {
        if (SHAPES.state(line.s)) {
          m.state = line.s as State;
          if (Array.isArray(line.d)) for (const e of line.d as LogEntry[]) m.log.push(e);
        } else if (SHAPES.metadata(line.m)) m.metadata = line.m as Server.MatchData;
        else if (typeof line.u === "number" && m.metadata) m.metadata = { ...m.metadata, updatedAt: line.u };
        m.n = line.n;
      }
      m.lines++;
      at = end + 1;
    }
    m.bytes = at;
    if (at < text.length) m.cutAt = Buffer.byteLength(text.slice(0, at));
    m.metaKey = metaKey(m.metadata);
    return m;
  }

  /** Runs `work` after the match's writes so far; the match stays cached meanwhile. */
  private run<R>(m: Match, work: () => Promise<R>): Promise<R> {
    m.busy++;
    const p = m.chain.then(work);
    m.chain = p.then(
      () => {},
      () => {},
    );
    return p.finally(() => {
      m.busy--;
    });
  }

  /**
   * Queues a line; lines queued while an append is under way go out together in the next. When the match's file
   * is open and idle, the lines queued by the end of this synchronous run go out on the loop (see the header).
   */
  private append(m: Match, line: string): Promise<void> {
    m.pending.push(line);
    if (m.next) return m.next;
    const next = this.canWriteNow(m)
      ? new Promise<void>((resolve, reject) => {
          queueMicrotask(() => {
            m.next = undefined;
            if (!this.canWriteNow(m)) {
              // Closed or busy meanwhile: the thread pool's way.
              m.next = this.appendLater(m);
              m.next.then(resolve, reject);
              return;
            }
            try {
              this.writeNow(m);
              resolve();
            } catch (e) {
              reject(e);
            }
          });
        })
      : this.appendLater(m);
    m.next = next;
    return next;
  }

  private canWriteNow(m: Match): boolean {
    return (
      this.policy === "batch" &&
      m.handle !== undefined &&
      m.cutAt < 0 &&
      m.busy === 0 &&
      m.pending.length > 0 &&
      Date.now() >= this.slowUntil
    );
  }

  /** The queued lines in one `write` on the loop, to the open lines file (checked by {@link canWriteNow}). */
  private writeNow(m: Match): void {
    const handle = m.handle as FileHandle;
    const bytes = Buffer.from(m.pending.join(""));
    const count = m.pending.length;
    m.pending = [];
    const start = performance.now();
    let done = 0;
    try {
      while (done < bytes.length) done += writeSync(handle.fd, bytes, done);
    } catch (e) {
      // A part written is a cut last line: cut off before the next append, as after a crash.
      if (done > 0) m.cutAt = m.bytes;
      void this.run(m, () => this.closeFile(m));
      throw e;
    }
    const took = performance.now() - start;
    if (took > this.slowAppendMs) {
      this.slowUntil = Date.now() + SLOW_APPEND_PAUSE_MS;
      this.log(
        `flat files: an append took ${took.toFixed(1)} ms (over ${this.slowAppendMs}); appends go through the thread pool for ${SLOW_APPEND_PAUSE_MS / 1000} s`,
      );
    }
    this.open.delete(m);
    this.open.add(m);
    // The file was open already: no entry of the folder changed.
    if (this.appended(m, count, bytes.length, false))
      void this.run(m, () => this.snapshot(m)).catch((e: unknown) =>
        this.log(`flat files: snapshot of ${m.id} failed (${(e as Error).message}); its lines are kept`),
      );
  }

  /** The queued lines appended through the thread pool, after the match's writes under way. */
  private appendLater(m: Match): Promise<void> {
    return this.run(m, async () => {
      m.next = undefined;
      const text = m.pending.join("");
      const count = m.pending.length;
      m.pending = [];
      const file = this.linesPath(m.hash);
      if (m.cutAt >= 0) {
        await truncate(file, m.cutAt);
        this.log(`flat files: ${file}: a cut last line removed`);
        m.cutAt = -1;
      }
      if (m.handle) {
        this.open.delete(m);
        this.open.add(m);
      } else {
        m.handle = await this.openLines(m, file);
        this.open.add(m);
        for (const old of this.open) {
          if (this.open.size <= this.openFiles) break;
          // After that match's writes under way (its next append opens the file again).
          if (old === m) continue;
          this.open.delete(old);
          void this.run(old, () => this.closeFile(old));
        }
      }
      const handle = m.handle;
      try {
        await handle.write(text);
        if (this.policy === "write") await handle.sync();
      } catch (e) {
        await this.closeFile(m);
        throw e;
      }
      if (this.policy === "write" && m.lines === 0) await this.syncDir();
      if (this.appended(m, count, Buffer.byteLength(text), m.lines === 0)) await this.snapshot(m);
    });
  }

  /**
   * After `count` lines (`bytes` bytes) reached the match's lines file, on either path: the batch policy's record
   * of what to sync (the folder too when `dir`: the file may have been created), the counts; whether a snapshot is
   * due.
   */
  private appended(m: Match, count: number, bytes: number, dir: boolean): boolean {
    if (this.policy === "batch") {
      this.unsyncedLines.add(m);
      this.written(null, dir);
    }
    m.lines += count;
    m.bytes += bytes;
    return m.lines >= SNAPSHOT_LINES || m.bytes >= SNAPSHOT_BYTES;
  }

  /**
   * Writes the match as it is in memory to a new snapshot (a temporary file renamed over), then empties its
   * lines file. Lines queued but not yet appended are in the snapshot already (their `n` is at most its `n`).
   */
  private async snapshot(m: Match): Promise<void> {
    const text = JSON.stringify({
      v: 1,
      id: m.id,
      n: m.n,
      state: m.state,
      initialState: m.initialState,
      metadata: m.metadata,
      log: m.log,
    });
    const file = this.snapPath(m.hash);
    const temp = join(this.dir, `.${m.hash}.${process.pid}-${++this.temps}.tmp`);
    try {
      const handle = await open(temp, "w");
      try {
        await handle.writeFile(text, "utf8");
        if (this.policy === "write") await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, file);
    } catch (e) {
      await rm(temp, { force: true }).catch(() => {});
      throw e;
    }
    this.reported.delete(file);
    if (this.policy === "write") await this.syncDir();
    else this.written(file, true);
    if (m.lines > 0) await truncate(this.linesPath(m.hash), 0);
    m.lines = 0;
    m.bytes = 0;
  }

  /** Closes the match's lines file if it is open. */
  private async closeFile(m: Match): Promise<void> {
    const handle = m.handle;
    this.open.delete(m);
    m.handle = undefined;
    await handle?.close().catch(() => {});
  }

  /** Opens a match's lines file for appending; at the limit of open files, closes the older half of ours first. */
  private async openLines(m: Match, file: string): Promise<FileHandle> {
    try {
      return await open(file, "a");
    } catch (e) {
      if (code(e) !== "EMFILE" && code(e) !== "ENFILE") throw e;
      const older = [...this.open].filter((o) => o !== m).slice(0, Math.ceil(this.open.size / 2));
      for (const o of older) this.open.delete(o);
      await Promise.all(older.map((o) => this.run(o, () => this.closeFile(o))));
      return await open(file, "a");
    }
  }

  /** Schedules the batched fsync of `file` (null: the lines files recorded apart), and of the folder if `dir`. */
  private written(file: string | null, dir: boolean): void {
    if (file !== null) this.unsynced.add(file);
    if (dir) this.dirUnsynced = true;
    if (!this.syncTimer) {
      this.syncTimer = setTimeout(() => void this.sync(), SYNC_MS);
      this.syncTimer.unref?.();
    }
  }

  private async fsync(file: string): Promise<void> {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(file, "r");
      await handle.sync();
    } catch (e) {
      // Removed since (a wipe, a snapshot's temporary file): nothing left to sync.
      if (code(e) !== "ENOENT") this.log(`flat files: fsync of ${file} failed (${(e as Error).message})`);
    } finally {
      await handle?.close();
    }
  }

  /** fsync of the folder, so a created or renamed file survives a power cut; not every platform allows it. */
  private async syncDir(): Promise<void> {
    let handle: Awaited<ReturnType<typeof open>> | undefined;
    try {
      handle = await open(this.dir, "r");
      await handle.sync();
    } catch (e) {
      if (!["EISDIR", "EPERM", "EINVAL", "EBADF", "EACCES"].includes(code(e)))
        this.log(`flat files: fsync of ${this.dir} failed (${(e as Error).message})`);
    } finally {
      await handle?.close();
    }
  }
}

/** The server's flat-file storage in `dir` (see the header). */
export function matchFiles(dir: string, log?: StoreLog, policy?: SyncPolicy): MatchFiles {
  return new MatchFiles(dir, log, policy);
}
