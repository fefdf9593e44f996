/**
 * kill -9 of the flat-file server (issue #20): `npm run serve` as a child process, Train Games played through
 * boardgame.io's clients and created and joined through the Lobby API, the process SIGKILLed at a random moment
 * 0–150 ms after the first write of that burst (a move stored, or a match created), with more under way, started again on the same folder, many times. Each time: it starts, no
 * file is broken, every match it stored before loads (through the server and from disk), its stored state is
 * the engine's replay of its options, seed and log, and no move a client saw is lost (at most the one in
 * flight, which no client saw).
 *
 * RAILKIT_KILL_CYCLES sets the number of kills (default 10, about 30 s; the issue's 100 take about 5 minutes).
 * RAILKIT_KILL_MAX_MS changes the 150 ms. RAILKIT_KILL_SEED seeds the kill delays and the moves' choices of matches (default fixed), so a failing run
 * can be repeated.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MatchFiles } from "../../server/match-files.ts";
import { replay } from "../../web/engine/common/game.ts";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { createMatch, getMatch, joinMatch } from "../../web/online/lobby.ts";
import { type ServerProcess, startServerProcess } from "../e2e/online-server.ts";
import { type BgClient, connect, logLength, onChange, pick, tempDir, until, viewOf } from "./helpers.ts";

const CYCLES = Number(process.env.RAILKIT_KILL_CYCLES ?? 10);
const SEED = Number(process.env.RAILKIT_KILL_SEED ?? 20);
const MAX_MS = Number(process.env.RAILKIT_KILL_MAX_MS ?? 150);
const OPTIONS = { players: 2, variant: "race", goal: 150 } as const;

interface Known {
  creds: (string | undefined)[];
  /** The longest log any client was sent: the server stores a state before it sends it. */
  seen: number;
  over: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves with the client's view once `ok` holds, or null after `ms` (the server may be dead by then). */
function seen(c: BgClient, ok: (n: number) => boolean, ms: number): Promise<number | null> {
  return until(
    c,
    () => {
      const v = viewOf(c);
      return v && ok(logLength(v)) ? logLength(v) : undefined;
    },
    ms,
  );
}

/** Plays moves of one match until `alive()` turns false; records what its clients were sent. */
async function play(
  clients: BgClient[],
  known: Known,
  alive: () => boolean,
  moved: () => void,
): Promise<void> {
  const record = () => {
    for (const c of clients) {
      const v = viewOf(c);
      if (v) {
        if (logLength(v) > known.seen) moved();
        known.seen = Math.max(known.seen, logLength(v));
        if (v.state.over) known.over = true;
      }
    }
  };
  for (const c of clients) onChange(c, record);
  while (alive()) {
    const v = viewOf(clients[0]!);
    if (!v) {
      await sleep(5);
      continue;
    }
    if (v.state.over) return;
    const n = logLength(v);
    const mover = clients.find((c) => c.playerID === String(v.state.current));
    const mine = mover && viewOf(mover);
    if (!mover || !mine || logLength(mine) !== n || mine.legal.length === 0) {
      await sleep(2);
      continue;
    }
    mover.moves.act!(pick(mine.legal));
    if ((await seen(clients[0]!, (m) => m > n, 2000)) === null) return;
  }
}

describe("kill -9 of the flat-file server", () => {
  it(
    `${CYCLES} kills at random moments: it starts every time, every stored match loads and replays`,
    async () => {
      const store = tempDir();
      const random = mulberry32(SEED);
      const known = new Map<string, Known>();
      const stats = {
        kills: 0,
        moves: 0,
        tempsLeft: 0,
        tempsRemoved: 0,
        unseen: 0,
        cutLines: 0,
        started: 0,
      };
      let server: ServerProcess | undefined;
      try {
        for (let cycle = 0; cycle < CYCLES; cycle++) {
          server = await startServerProcess({ RAILKIT_MATCHES: store.dir, RAILKIT_FIXED_SEEDS: "1" });
          stats.started++;
          const out = server.output();
          expect(out, `cycle ${cycle}: a broken file at start`).not.toMatch(/flat files: .* skipped/);
          stats.tempsRemoved += out.match(/flat files: removed/g)?.length ?? 0;
          // Every match created before loads through the server.
          for (const id of known.keys())
            expect((await getMatch(server.url, "train", id)).matchID, `cycle ${cycle}`).toBe(id);

          // The burst: moves in the three newest unfinished matches, and a match created and joined.
          const active = [...known.entries()].filter(([, k]) => !k.over && k.creds.every((c) => c)).slice(-3);
          const clients = active.map(([id, k]) =>
            k.creds.map((c, seat) => connect(server!.url, "train", id, seat, c)),
          );
          await Promise.all(clients.flat().map((c) => seen(c, () => true, 10_000)));
          let alive = true;
          let writing = () => {};
          const written = new Promise<void>((ok) => {
            writing = ok;
          });
          const url = server.url;
          const burst = [
            ...active.map(([, k], i) => play(clients[i]!, k, () => alive, writing)),
            (async () => {
              const id = await createMatch(url, "train", { options: OPTIONS, seed: `kill-${SEED}-${cycle}` });
              const k: Known = { creds: [undefined, undefined], seen: 0, over: false };
              known.set(id, k);
              writing();
              k.creds[0] = await joinMatch(url, "train", id, 0, "Ada");
              k.creds[1] = await joinMatch(url, "train", id, 1, "Bo");
            })(),
          ].map((p) => p.catch(() => {}));
          // Writes are under way once a move is stored (it is sent after) or a match is created.
          await Promise.race([written, sleep(5000)]);
          await sleep(Math.floor(random() * MAX_MS));
          await server.kill();
          stats.kills++;
          alive = false;
          for (const c of clients.flat()) c.stop();
          await Promise.all(burst);

          // From disk, with the server dead: every match whole, its state the engine's replay, no seen move lost.
          stats.tempsLeft += readdirSync(store.dir).filter((n) => n.endsWith(".tmp")).length;
          const broken: string[] = [];
          const db = new MatchFiles(store.dir, (l) => {
            if (/cut or broken line/.test(l)) stats.cutLines++;
            else broken.push(l);
          });
          for (const [id, k] of known) {
            const { state, metadata, log } = await db.fetch(id, { state: true, metadata: true, log: true });
            // boardgame.io's log: only moves whose state was stored (a move's state and log are one line).
            const stateID = state?._stateID ?? 0;
            expect(
              (log ?? []).every((e) => e._stateID < stateID),
              `cycle ${cycle}: log of ${id}`,
            ).toBe(true);
            expect(state && metadata, `cycle ${cycle}: match ${id} lost`).toBeTruthy();
            const G = state!.G as ReturnType<typeof trainEngine.setup>;
            expect(replay(trainEngine, G.options, G.seed, G.log), `cycle ${cycle}: match ${id}`).toEqual(G);
            expect(
              G.log.length,
              `cycle ${cycle}: match ${id} lost a move a client saw`,
            ).toBeGreaterThanOrEqual(k.seen);
            expect(G.log.length, `cycle ${cycle}: match ${id}`).toBeLessThanOrEqual(k.seen + 1);
            if (G.log.length > k.seen) stats.unseen++; // the move in flight: stored, not yet sent
            for (const [seat, c] of k.creds.entries())
              if (c)
                expect(metadata!.players[seat]!.credentials, `cycle ${cycle}: seat ${seat} of ${id}`).toBe(c);
            k.seen = G.log.length;
          }
          expect(broken, `cycle ${cycle}`).toEqual([]);
        }
        // The last start: after the last kill, the server starts and every match loads.
        server = await startServerProcess({ RAILKIT_MATCHES: store.dir });
        stats.tempsRemoved += server.output().match(/flat files: removed/g)?.length ?? 0;
        for (const id of known.keys()) expect((await getMatch(server.url, "train", id)).matchID).toBe(id);
        const db = new MatchFiles(store.dir, () => {});
        for (const id of known.keys())
          stats.moves += ((await db.fetch(id, { state: true })).state!.G.log as unknown[]).length;
        console.log(
          `kill -9: ${stats.kills} kills, ${stats.started + 1} starts, ${known.size} matches, ${stats.moves} moves stored, ` +
            `${stats.tempsLeft} temporary files left by a kill (${stats.tempsRemoved} removed at start), ` +
            `${stats.unseen} moves in flight at a kill stored though no client had seen them, ` +
            `${stats.cutLines} times a lines file ended in a line a kill cut (dropped on read)`,
        );
        expect(known.size).toBeGreaterThan(0);
      } finally {
        await server?.kill();
        store.remove();
      }
    },
    60_000 + CYCLES * 15_000,
  );
});
