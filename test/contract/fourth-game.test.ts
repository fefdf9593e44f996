/**
 * Issue #22's proof that the hosts are loops over the registry: a fourth game that exists only in the tests
 * (test/contract/dice-race.ts, `dice`, registered in one place: {@link WITH_DICE}) is played to the end through the
 * worker (service and page client over a real Comlink channel), the online server (two boardgame.io clients, a
 * spectator and a computer seat, on 127.0.0.1) and the `rail` CLI, none of which names it. The three parts live in
 * test/contract/fourth-game/ (worker.ts, online.ts, cli.ts); this file runs them together.
 */
import "./fourth-game/worker.ts";
import "./fourth-game/online.ts";
import "./fourth-game/cli.ts";
