/**
 * Online load test (issue #25): real socket.io clients (boardgame.io's own client, websocket transport) against
 * server child processes, side by side in one run:
 * - `anchor-memory`, `anchor-flat`: boardgame.io's own server running a trivial game (bench/online-anchor.ts),
 *   with its in-memory storage and with railkit's flat files: the framework's own cost; `anchor-flatfile`, the
 *   same on the flat files before issue #25 (boardgame.io's FlatFile layout), to measure the storage alone;
 * - `railkit-flat`: `npm run serve` (scripts/serve.ts, flat files) running 2-seat Train Games (race to 100 000,
 *   so no match ends during the run).
 *
 * Each server gets `--matches` matches of two seats, each seat one client; every match moves once per second
 * (its seat to move sends a legal move; the phases are spread over the second). Measured over `--seconds`
 * after a warm-up: moves played, server CPU per move (user + system time of the server process from
 * /proc/<pid>/stat, divided by the moves), the time from a move's send to the mover's client holding its state
 * (p50, p99, max; both games' moves are `client: false`, so a client waits for the server), and the JSON size of every state message a client receives (patches and updates).
 * This is a load test, not a benchmark.js suite: its figures are throughput and latency under load.
 *
 * `--matches 200,500,1000` is a ramp: each count in turn, every target at each (side by side in the table).
 * Also printed: the load average of the machine (1 min) at the end of each run and the load generator's own CPU
 * (this process: the clients), since on a shared machine either can be the limit rather than the server.
 * `RAILKIT_LOAD_PROFILE=1` starts each server with `--cpu-prof` and writes its CPU profile (`.cpuprofile`, for
 * Chrome's DevTools or `node bench/profile-top.mjs FILE`) to `bench/profiles/<target>-<matches>/` when it
 * exits (one file a thread: the main thread's is the largest). `RAILKIT_LOAD_NODE_FLAGS` adds Node flags to every
 * server (e.g. `--trace-gc`); `RAILKIT_LOAD_TRACE=PREFIX` appends each server's stdout to `PREFIX-<target>-<matches>.log`.
 * "clients lag p99" is this process's own event-loop delay (perf_hooks, 10 ms resolution): the load generator's
 * share of the latencies.
 *
 * `railkit-redis-pg-2` (run only when named in `--only`): two `npm run serve` instances on Redis and Postgres
 * (`eval "$(bash server/test-services.sh)"` first), each match created on one and its two seats' clients one on
 * each, so every move crosses instances (lock, store, pub/sub); CPU per move sums both servers.
 *
 * `npx tsx bench/online-load.ts [--matches 50|200,500,1000] [--seconds 20] [--only railkit-flat,anchor-flat]`
 * Bounds: at most 2 000 matches and 600 seconds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import type { SeatAction } from "../web/engine/common/game.ts";
import { clientGame } from "../web/online/client-game.ts";
import { createMatch, joinMatch } from "../web/online/lobby.ts";
import type { OnlineView } from "../web/online/view.ts";

const root = resolve(import.meta.dirname, "..");
const MAX_MATCHES = 2000;
const MAX_SECONDS = 600;
const WARM_UP_MS = 5000;

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}
function bounded(name: string, fallback: number, max: number): number {
  const n = Number(arg(name, String(fallback)));
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} is an integer in 1..${max}`);
  return n;
}
const RAMP = arg("matches", "50")
  .split(",")
  .map((m) => {
    const n = Number(m);
    if (!Number.isInteger(n) || n < 1 || n > MAX_MATCHES)
      throw new Error(`--matches is a list of integers in 1..${MAX_MATCHES}`);
    return n;
  });
const SECONDS = bounded("seconds", 20, MAX_SECONDS);
const PROFILE = process.env.RAILKIT_LOAD_PROFILE === "1";
const PROFILES = join(root, "bench", "profiles");

interface Target {
  name: string;
  /** The child's command and environment. */
  args: string[];
  env: Record<string, string>;
  /** Line the child prints once it listens. */
  ready: RegExp;
  railkit: boolean;
  /** Instances started (default 1): with 2, matches and seats are spread over both (docs/online.md § Scaling out). */
  instances?: number;
}

/** Redis and Postgres for the two-instance target: `eval "$(bash server/test-services.sh)"` prints them. */
const REDIS = process.env.RAILKIT_TEST_REDIS_URL ?? process.env.REDIS_URL;
const POSTGRES = process.env.RAILKIT_TEST_DATABASE_URL ?? process.env.DATABASE_URL;

const TARGETS: Target[] = [
  {
    name: "anchor-memory",
    args: ["--import", "tsx", "bench/online-anchor.ts"],
    env: { ANCHOR_STORAGE: "memory" },
    ready: /anchor server on (http:\/\/127\.0\.0\.1:\d+)/,
    railkit: false,
  },
  {
    name: "anchor-flat",
    args: ["--import", "tsx", "bench/online-anchor.ts"],
    env: { ANCHOR_STORAGE: "flat" },
    ready: /anchor server on (http:\/\/127\.0\.0\.1:\d+)/,
    railkit: false,
  },
  {
    name: "anchor-flatfile",
    args: ["--import", "tsx", "bench/online-anchor.ts"],
    env: { ANCHOR_STORAGE: "flatfile" },
    ready: /anchor server on (http:\/\/127\.0\.0\.1:\d+)/,
    railkit: false,
  },
  {
    name: "railkit-flat",
    args: ["--import", "tsx", "scripts/serve.ts"],
    env: { RAILKIT_MAX_CREATES_PER_MINUTE: String(10 * MAX_MATCHES) },
    ready: /railkit server on (http:\/\/127\.0\.0\.1:\d+)/,
    railkit: true,
  },
  // Two instances on Redis (pub/sub, match lock, bot leases) and Postgres: each match created on one, its seats'
  // clients one on each, so every move crosses instances. Run only when named in --only and the services are up.
  {
    name: "railkit-redis-pg-2",
    args: ["--import", "tsx", "scripts/serve.ts"],
    env: {
      RAILKIT_MAX_CREATES_PER_MINUTE: String(10 * MAX_MATCHES),
      ...(REDIS ? { REDIS_URL: REDIS } : {}),
      ...(POSTGRES ? { DATABASE_URL: POSTGRES } : {}),
    },
    ready: /railkit server on (http:\/\/127\.0\.0\.1:\d+)/,
    railkit: true,
    instances: 2,
  },
];

const only = arg("only", "")
  .split(",")
  .filter((s) => s !== "");
for (const o of only)
  if (!TARGETS.some((t) => t.name === o))
    throw new Error(`--only names ${TARGETS.map((t) => t.name).join(", ")}`);

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat(5))
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

async function start(t: Target, dir: string, matches: number): Promise<{ url: string; child: ChildProcess }> {
  // One profile a thread (tsx's loader runs in a worker thread): the main thread's is the largest file.
  const prof = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${join(PROFILES, `${t.name}-${matches}`)}`] : [];
  const flags = (process.env.RAILKIT_LOAD_NODE_FLAGS ?? "").split(" ").filter((f) => f !== "");
  const child = spawn(process.execPath, [...flags, ...prof, ...t.args], {
    cwd: root,
    // Every server in production mode (boardgame.io's and immer's lighter builds), as `npm run serve` is.
    env: {
      ...process.env,
      NODE_ENV: "production",
      ...t.env,
      PORT: "0",
      HOST: "127.0.0.1",
      RAILKIT_MATCHES: dir,
      ANCHOR_DIR: dir,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  return new Promise((ok, no) => {
    const timer = setTimeout(() => no(new Error(`${t.name} did not start:\n${out}`)), 60_000);
    const trace = process.env.RAILKIT_LOAD_TRACE;
    child.stdout!.on("data", (c: Buffer) => {
      if (trace) appendFileSync(`${trace}-${t.name}-${matches}.log`, c);
      out += c.toString();
      const m = t.ready.exec(out);
      if (m) {
        clearTimeout(timer);
        ok({ url: m[1]!, child });
      }
    });
    child.stderr!.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.once("exit", (code) => no(new Error(`${t.name} exited (${code}):\n${out}`)));
  });
}

async function lobby(url: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const r = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as Record<string, unknown>;
}

type BgClient = ReturnType<typeof Client>;

/** A plain Train policy: the longest add, else roll, else bank, else the first legal action. */
function pick(legal: SeatAction[]): SeatAction {
  const adds = legal.filter((a) => a.type === "add") as (SeatAction & { faces: unknown[] })[];
  if (adds.length > 0) return adds.reduce((a, b) => (b.faces.length > a.faces.length ? b : a));
  return legal.find((a) => a.type === "roll") ?? legal.find((a) => a.type === "bank") ?? legal[0]!;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? Number.NaN : s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function run(t: Target, matches: number) {
  const dir = mkdtempSync(join(tmpdir(), `railkit-load-${t.name}-`));
  const servers: { url: string; child: ChildProcess }[] = [];
  for (let i = 0; i < (t.instances ?? 1); i++) servers.push(await start(t, dir, matches));
  const cpuAll = () => servers.reduce((sum, s) => sum + cpuMs(s.child.pid!), 0);
  const created: string[] = [];
  const clients: BgClient[][] = [];
  const sizes: number[] = [];
  try {
    for (let m = 0; m < matches; m++) {
      // One instance: every match on it. Two: the match created on one, seat s's client on instance (m + s) % 2.
      const url = servers[m % servers.length]!.url;
      let matchID: string;
      if (t.railkit)
        matchID = await createMatch(url, "train", {
          options: { players: 2, variant: "race", goal: 100_000 },
        });
      else matchID = String((await lobby(url, "/games/count/create", { numPlayers: 2 })).matchID);
      created.push(matchID);
      const pair: BgClient[] = [];
      for (const seat of [0, 1]) {
        const seatUrl = servers[(m + seat) % servers.length]!.url;
        const credentials = t.railkit
          ? await joinMatch(url, "train", matchID, seat, `P${seat}`)
          : String(
              (
                await lobby(url, `/games/count/${matchID}/join`, {
                  playerID: String(seat),
                  playerName: `P${seat}`,
                })
              ).playerCredentials,
            );
        const c = Client({
          game: t.railkit
            ? clientGame("train")
            : { name: "count", moves: { inc: { move: () => undefined, client: false } } },
          multiplayer: SocketIO({ server: seatUrl, socketOpts: { transports: ["websocket"] } }),
          matchID,
          playerID: String(seat),
          credentials,
          debug: false,
        });
        pair.push(c);
      }
      clients.push(pair);
    }
    for (const pair of clients) for (const c of pair) c.start();
    for (const pair of clients)
      for (const c of pair) {
        const socket = (
          c as unknown as { transport: { socket: { on(e: string, f: (...a: unknown[]) => void): void } } }
        ).transport.socket;
        for (const e of ["patch", "update"]) socket.on(e, (...a) => sizes.push(JSON.stringify(a).length));
      }
    const synced = () => clients.every((p) => p.every((c) => c.getState() !== null));
    for (let i = 0; i < 600 && !synced(); i++) await new Promise((r) => setTimeout(r, 100));
    if (!synced()) throw new Error(`${t.name}: not every client synced`);

    const latencies: number[] = [];
    let moves = 0;
    let skipped = 0;
    let measuring = false;
    const pending = new Set<number>();
    const tick = (m: number) => {
      if (pending.has(m)) {
        if (measuring) skipped++;
        return;
      }
      const pair = clients[m]!;
      const st = pair[0]!.getState()!;
      const mover = pair.find((c) => c.playerID === st.ctx.currentPlayer)!;
      const before = mover.getState()!._stateID;
      const sent = performance.now();
      const counted = measuring;
      pending.add(m);
      const unsubscribe = mover.subscribe(() => {
        if (mover.getState()!._stateID <= before) return;
        pending.delete(m);
        queueMicrotask(() => unsubscribe());
        if (counted && measuring) {
          latencies.push(performance.now() - sent);
          moves++;
        }
      });
      if (t.railkit) {
        const v = mover.getState()!.G as unknown as OnlineView;
        mover.moves.act!(pick(v.legal));
      } else mover.moves.inc!();
    };
    const timers = clients.map((_, m) =>
      setTimeout(
        () => {
          tick(m);
          timers[m] = setInterval(() => tick(m), 1000) as unknown as ReturnType<typeof setTimeout>;
        },
        (m * 1000) / matches,
      ),
    );
    await new Promise((r) => setTimeout(r, WARM_UP_MS));
    sizes.length = 0;
    const cpu0 = cpuAll();
    const own0 = process.cpuUsage();
    const lag = monitorEventLoopDelay({ resolution: 10 });
    lag.enable();
    const t0 = performance.now();
    measuring = true;
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    measuring = false;
    lag.disable();
    const cpu = cpuAll() - cpu0;
    const own = process.cpuUsage(own0);
    const wall = performance.now() - t0;
    for (const tm of timers) clearInterval(tm);
    return {
      target: t.name,
      matches: matches,
      seconds: Math.round(wall / 1000),
      moves,
      skipped,
      "moves/s": +(moves / (wall / 1000)).toFixed(1),
      "CPU ms/move": +(cpu / Math.max(1, moves)).toFixed(2),
      "server CPU %": +((100 * cpu) / wall).toFixed(0),
      "p50 ms": +pct(latencies, 50).toFixed(1),
      "p99 ms": +pct(latencies, 99).toFixed(1),
      "max ms": +Math.max(...latencies).toFixed(1),
      "update B mean": Math.round(sizes.reduce((a, b) => a + b, 0) / Math.max(1, sizes.length)),
      "update B max": Math.max(0, ...sizes),
      "clients CPU %": +((100 * (own.user + own.system)) / 1000 / wall).toFixed(0),
      "clients lag p99 ms": +(lag.percentile(99) / 1e6).toFixed(1),
      load: +loadavg()[0]!.toFixed(1),
    };
  } finally {
    for (const pair of clients) for (const c of pair) c.stop();
    for (const { child } of servers) child.kill("SIGTERM");
    // A profiled server writes its profile as it exits: give it time.
    for (const { child } of servers) {
      for (let i = 0; i < (PROFILE ? 100 : 5) && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dir, { recursive: true, force: true });
    // Postgres outlives the run: its matches are wiped (unfinished, they would be found by later bot scans).
    if (t.env.DATABASE_URL) {
      const { PostgresStore } = await import("bgio-postgres");
      const store = new PostgresStore(t.env.DATABASE_URL, { logging: false });
      for (const id of created) await store.wipe(id);
      await store.sequelize.close();
    }
  }
}

const rows = [];
console.log(
  `node ${process.version}; ${RAMP.join(", ")} matches × 1 move/s; ${SECONDS} s measured after ${WARM_UP_MS / 1000} s`,
);
for (const matches of RAMP)
  for (const t of TARGETS) {
    if (only.length > 0 && !only.includes(t.name)) continue;
    // The two-instance target runs when asked for by name, with Redis and Postgres.
    if (t.instances !== undefined && !only.includes(t.name)) continue;
    if (t.instances !== undefined && (!REDIS || !POSTGRES))
      throw new Error(`${t.name} needs Redis and Postgres: eval "$(bash server/test-services.sh)" first`);
    const row = await run(t, matches);
    console.log(JSON.stringify(row));
    rows.push(row);
  }
if (PROFILE) console.log(`CPU profiles in ${PROFILES}`);
console.table(rows);
process.exit(0);
