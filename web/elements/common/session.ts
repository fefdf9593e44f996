/**
 * The element session controller: one game played through the railkit worker, for any of the three games.
 * A Lit `ReactiveController` (https://lit.dev/docs/composition/controllers/): the element adds it in its
 * constructor, reads its state in `render()` (`view`, `busy`, `message`, `hints`), and calls its methods
 * (`newGame`, `act`, `undo`, `load`, `refreshHints`, `kick`); the controller asks the element to update
 * whenever any of that changes. Everything here is the same for every game; the element keeps only what it
 * draws and the gestures that make an action.
 *
 * - **One game, held by the worker.** The controller keeps the worker's last view (`view`: handle, state,
 *   legal actions, the game's extras) and names the game by its handle. A call on a handle the worker no
 *   longer holds (dropped from its store, or a fresh worker) restores the game by replaying its options,
 *   seed and log, then retries the call once.
 * - **Busy and stale answers.** `busy` is true while a call that changes the game is in flight (and while a
 *   game is being restored); `act` is refused meanwhile. Answers for an older game (a new game was started,
 *   or the worker was lost meanwhile) are dropped: every call remembers the generation it was made in.
 * - **Worker faults.** When the client loses its worker (web/worker/client.ts), the controller drops what
 *   was in flight, shows an alert, and restores the game in the fresh worker from its options, seed and log
 *   (checking the result equals the state it holds; if not, it loads the state itself). An unexpected
 *   (`internal`) failure of a call restarts the worker, which restores the game the same way. After
 *   {@link MAX_FAULTS_IN_A_ROW} faults with no accepted action between them the computer stops playing.
 * - **The computer's seats.** While a seat listed by `bots()` is to move, the controller plays it with
 *   `botMove` (one round trip: the move and the next view), one move every `botDelayMs` so the page paints
 *   and people can follow; the element may show the move first (`beforeBotMove`).
 * - **Hints** for a person's turn are a task (`hints.status`: idle, pending, complete, error), fetched apart
 *   after every new view so that a slow solve never holds the game up, and dropped when the game moves on.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import {
  type RailkitClient,
  type RailkitError,
  sharedRailkitClient,
  WORKER_LOST,
  type WorkerFault,
} from "../../worker/client.ts";
import {
  type ActResult,
  type GameHandle,
  type GameTypes,
  type GameWorkerApi,
  isUnknownGame,
  type WireError,
} from "../../worker/protocol.ts";

/** How long a computer seat waits before each move, so people can follow it (the elements' `bot-delay` default). */
export const BOT_DELAY_MS = 400;

/** The longest pause an element's `bot-delay` may set, in ms. */
export const MAX_BOT_DELAY_MS = 10_000;

/** After this many worker faults with no accepted action between them, the computer stops playing. */
export const MAX_FAULTS_IN_A_ROW = 3;

/** Why the view changed (the element's log lines and events follow from it). */
export type ViewCause<A> =
  /** A new game (`newGame`) or a loaded one (`load`). */
  | { kind: "new" }
  /** An action was accepted: a person's (`act`) or the computer's (`botMove`). */
  | { kind: "action"; action: A; by: "person" | "computer" }
  /** `player` took back their last action. */
  | { kind: "undo"; player: number }
  /** The same game, restored in a fresh worker after a fault. */
  | { kind: "restore" };

/** Hints for the position of the view, as a task. */
export interface HintTask<H> {
  status: "idle" | "pending" | "complete" | "error";
  /** Log length of the position the task is for. */
  at: number;
  /** Set when complete: every option of the seat to move, best first. */
  hints?: H[];
  /** Set on error (the solver failed to load, the position is beyond it…). */
  error?: Error;
}

export interface SessionOptions<T extends GameTypes> {
  /** The game's namespace of a client, e.g. `(c) => c.train`. */
  api(client: RailkitClient): GameWorkerApi<T>;
  /** The client to use, read at every call (default: the page's shared one). */
  client?(): RailkitClient | null;
  /** Seats the computer plays (read whenever the bot loop looks; default none). */
  bots?(): ReadonlySet<number>;
  /** Options of the computer's moves. */
  botOptions?(): (T["botOptions"] & { level?: number }) | undefined;
  /** Whether hints are wanted now (default false). Hints are fetched for a person's turn only. */
  hints?(): boolean;
  hintOptions?(): T["hintOptions"] | undefined;
  /** Pause before each computer move, in ms (default {@link BOT_DELAY_MS}); a function is asked before each move. */
  botDelayMs?: number | ((view: T["view"]) => number);
  /**
   * A person's action is about to be sent (`act`): false keeps it from being sent (`act` answers false, nothing
   * changes). Not asked for `play`, nor for the computer's moves.
   */
  beforeAct?(action: T["action"]): boolean;
  /** The view changed: `prev` is the one before (null for the first). */
  onView?(next: T["view"], prev: T["view"] | null, cause: ViewCause<T["action"]>): void;
  /** The computer's move arrived and is about to be shown: e.g. highlight its pick, and wait a moment. */
  beforeBotMove?(action: T["action"], view: T["view"]): Promise<void> | void;
}

/**
 * The engine's verdict on an action sent by `play`: the new state, or the typed refusal (`kind` `rule`: the
 * engine's rule id; `input`: a malformed action, `rule` its JSON pointer; `element`: not sent, `rule` says why:
 * `element.no-game`, `element.busy`, `element.not-sent`; `internal`: the engine failed, and restarts).
 */
export type PlayVerdict<S> =
  | { ok: true; state: S }
  | { ok: false; error: { kind: "rule" | "input" | "element" | "internal"; rule: string; message: string } };

/** A refusal of `play` before anything was sent. */
export const notSent = (rule: string, message: string) =>
  ({ ok: false, error: { kind: "element", rule, message } }) as const;

/** A pause of `ms` milliseconds. */
export const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** Fields of an error that crossed from the worker (a RailkitError from any copy of the client). */
function wireOf(e: unknown): Partial<RailkitError> {
  return (typeof e === "object" && e !== null ? e : {}) as Partial<RailkitError>;
}

/** JSON with object keys sorted: compares two states regardless of key order. */
export function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === "object" && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : x,
  );
}

/**
 * The seed of a new game from a `seed` attribute: digits are a number, any other text a string seed, and
 * no attribute (or `fresh`) a random one. A random seed only picks which game is dealt: the dice, cubes and
 * cards come from the engine's seeded generator.
 */
export function seedFrom(attr: string | null, fresh = false): number | string {
  const seed = attr !== null && !fresh ? attr : String(crypto.getRandomValues(new Uint32Array(1))[0]);
  return /^-?\d+$/.test(seed.trim()) ? Number(seed) : seed;
}

/** Seats listed in an attribute such as `"1, 2"`. */
export function seatList(attr: string): Set<number> {
  return new Set(
    attr
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "")
      .map(Number)
      .filter(Number.isInteger),
  );
}

/** The save text of a game shown (the engine's `save`: its state as JSON); throws before the first game. */
export function exportSave(state: unknown): string {
  if (state === null || state === undefined) throw new Error("there is no game to export yet");
  return JSON.stringify(state);
}

/** Why an element playing an online match refuses `import` (the match is the server's). */
export const IMPORT_ONLINE =
  "A saved game cannot be loaded into an online match: clear the server and match attributes first.";

/**
 * An element's `import(json)`: the save (JSON text or the state object) loaded through the session's `load`
 * (the engine's `load` in the worker); refused with a message, and rejected, while the element plays online.
 * Resolves to the new game's state once it is shown.
 */
export async function importSave<T extends GameTypes>(
  local: GameSession<T>,
  json: unknown,
  online: { say(message: string, error?: boolean): void } | null,
): Promise<T["view"]["state"]> {
  if (online) {
    online.say(IMPORT_ONLINE, true);
    throw new Error(IMPORT_ONLINE);
  }
  await local.load(json);
  return local.view!.state;
}

export class GameSession<T extends GameTypes> implements ReactiveController {
  /** The worker's last view of the game (null before the first answer). */
  view: T["view"] | null = null;
  /** A call that changes the game is in flight, or the game is being restored. */
  busy = false;
  /** Restoring the game in a fresh worker after a fault: no bot, no new actions until done. */
  recovering = false;
  /** The status line: a refusal, a fault, or "" (the element shows its own text then). */
  message = "";
  messageIsError = false;
  /** The engine's last refusal of an action or undo (its rule id and message), null after an accepted one. */
  refusal: WireError | null = null;
  hints: HintTask<T["hint"]> = { status: "idle", at: 0 };

  /** Bumped by every new game and every worker fault: answers for an older game are dropped. */
  private generation = 0;
  /** Bumped by every hints request and by leaving the page: only the latest request's answer is shown. */
  private hintCall = 0;
  private connected = false;
  private botRunning = false;
  /** Worker faults since the last accepted action (stops a bot that keeps crashing the worker). */
  private faultsInARow = 0;
  /** The options and seed of the last `newGame`, to start it again if a fault came before its answer. */
  private started: { options: T["options"]; seed: number | string } | null = null;
  /** The client whose faults this controller listens to, and how to stop listening. */
  private faultClient: RailkitClient | null = null;
  private stopListening: (() => void) | null = null;
  /** The rebuild under way after the worker answered that it no longer holds the game. */
  private rebuilding: Promise<T["view"] & { how: string }> | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly opts: SessionOptions<T>,
  ) {
    host.addController(this);
  }

  /** The client in use (listening to its faults while the host is connected). */
  get client(): RailkitClient {
    const client = this.opts.client?.() ?? sharedRailkitClient();
    if (this.faultClient !== client && this.connected) {
      this.stopListening?.();
      this.faultClient = client;
      this.stopListening = client.onFault((f) => this.onWorkerFault(f));
    }
    return client;
  }

  private get api(): GameWorkerApi<T> {
    return this.opts.api(this.client);
  }

  /** The seat to move, or null (no game yet, or over). */
  get toMove(): number | null {
    const s = this.view?.state;
    return s && !s.over ? s.current : null;
  }

  /** The computer plays the seat to move. */
  get botTurn(): boolean {
    const seat = this.toMove;
    return seat !== null && (this.opts.bots?.().has(seat) ?? false);
  }

  /** A person is to move. */
  get humanTurn(): boolean {
    return this.toMove !== null && !this.botTurn;
  }

  // ---- the host's life -------------------------------------------------------------------------------

  hostConnected(): void {
    this.connected = true;
    void this.client; // listen to worker faults again
    // Back in the page after a move: a computer stopped by hostDisconnected picks up again, hints resume.
    if (this.view) {
      this.kick();
      void this.refreshHints();
    }
  }

  /**
   * Out of the page: the computer and the hints stop, and so does any search the worker runs for this game. The
   * game is closed in the worker (a search in flight sees its game gone, the worker's cancellation, and ends at
   * its next pause; a hint answer that still lands is dropped); back in the page, the first call restores it
   * there from its options, seed and log (`withHandle`). Answers of a person's action in flight still land.
   */
  hostDisconnected(): void {
    this.connected = false;
    this.hintCall++;
    if (this.hints.status !== "idle") this.hints = { status: "idle", at: this.hints.at };
    const handle = this.view?.handle;
    if (handle && this.faultClient) this.api.close(handle).catch(() => {});
    this.stopListening?.();
    this.stopListening = null;
    this.faultClient = null;
  }

  // ---- verbs -------------------------------------------------------------------------------------------

  /** Shows a status line (an alert when `error`). */
  say(message: string, error = false): void {
    this.message = message;
    this.messageIsError = error;
    this.host.requestUpdate();
  }

  /** Starts a new game (the old one is closed in the worker). */
  async newGame(options: T["options"], seed: number | string): Promise<void> {
    this.started = { options, seed };
    await this.begin((api) => api.newGame(options, seed));
  }

  /**
   * Loads a saved game (JSON text or the state), checked by the engine's `load` in the worker. The current game
   * is left exactly as it is until the worker has accepted the save: a refused save (an `input` error whose
   * message starts with the JSON pointer of the first bad field) is shown as an alert and rethrown, and the game
   * on screen, its handle and its computer seats go on as before. An accepted save replaces the game (the old one
   * is closed in the worker; answers still in flight for it are dropped) and is shown with cause `new`.
   */
  async load(json: unknown): Promise<void> {
    const gen = this.generation;
    let view: T["view"];
    try {
      view = await this.api.load(json);
    } catch (e) {
      // A fault meanwhile is the fault handler's to report; a refused save is the player's to read.
      if (gen === this.generation && wireOf(e).rule !== WORKER_LOST)
        this.say(`The saved game was not loaded: ${errorText(e)}`, true);
      throw e;
    }
    if (gen !== this.generation) {
      // A new game or a worker restart came first: that one stands.
      this.api.close(view.handle).catch(() => {});
      throw new Error(
        "the saved game was not loaded: a new game started, or the engine restarted, meanwhile",
      );
    }
    const old = this.view?.handle;
    if (old) this.api.close(old).catch(() => {});
    this.generation++;
    this.started = null;
    this.faultsInARow = 0;
    this.setBusy(false);
    this.say("");
    this.show(view, { kind: "new" });
    this.kick();
  }

  private async begin(call: (api: GameWorkerApi<T>) => Promise<T["view"]>): Promise<void> {
    const gen = ++this.generation;
    const old = this.view?.handle;
    if (old) this.api.close(old).catch(() => {}); // nothing to do if that worker is gone
    this.setBusy(true);
    this.say("");
    try {
      const view = await call(this.api);
      if (gen !== this.generation) return;
      this.faultsInARow = 0;
      this.show(view, { kind: "new" });
    } catch (e) {
      if (gen === this.generation) this.onCallFailed(e);
    } finally {
      if (gen === this.generation) this.setBusy(false);
    }
    this.kick();
  }

  /** Sends a person's action; false when it was not sent (busy, no game) or the engine refused it. */
  act(action: T["action"]): Promise<boolean> {
    if (!this.view || this.busy || this.recovering) return Promise.resolve(false);
    if (this.opts.beforeAct && !this.opts.beforeAct(action)) return Promise.resolve(false);
    return this.change((h) => this.api.act(h, action), { kind: "action", action, by: "person" });
  }

  /**
   * Sends an action from script (no `beforeAct`) and answers the engine's verdict: `{ ok: true, state }`, or the
   * typed refusal (see {@link PlayVerdict}); never rejects. The view, the log and the events follow as for `act`.
   */
  async play(action: T["action"]): Promise<PlayVerdict<T["view"]["state"]>> {
    if (!this.view) return notSent("element.no-game", "there is no game yet");
    if (this.busy || this.recovering)
      return notSent("element.busy", "the element is waiting for an answer: try again when it is idle");
    let verdict: PlayVerdict<T["view"]["state"]> | null = null;
    const shown = await this.change(
      (h) =>
        this.api.act(h, action).then(
          (r) => {
            verdict = r.ok
              ? { ok: true, state: r.view.state }
              : {
                  ok: false,
                  error: {
                    kind: r.error.kind === "input" ? "input" : "rule",
                    rule: r.error.rule,
                    message: r.error.message,
                  },
                };
            return r;
          },
          (e: unknown) => {
            const { kind, rule, message } = wireOf(e);
            const known = kind === "input" || kind === "rule";
            // An input error with no pointer: the action could not even be sent (a function in it, say).
            const at = rule || (kind === "input" ? "/action" : "");
            verdict = {
              ok: false,
              error: { kind: known ? kind : "internal", rule: at, message: message ?? errorText(e) },
            };
            throw e;
          },
        ),
      { kind: "action", action, by: "person" },
    );
    // The verdict of a call whose answer was dropped (a new game, a worker fault meanwhile) never came.
    const v = verdict as PlayVerdict<T["view"]["state"]> | null;
    if (!v || (v.ok && !shown))
      return notSent("element.not-sent", "a new game started, or the engine restarted, before the answer");
    return v.ok ? { ok: true, state: structuredClone(v.state) } : v;
  }

  /** `player` (default: the seat to move) takes back their last action; false when refused or not sent. */
  undo(player = this.toMove): Promise<boolean> {
    if (player === null) return Promise.resolve(false);
    return this.change((h) => this.api.undo(h, player), { kind: "undo", player });
  }

  /**
   * One call that changes the game (an action or an undo): busy meanwhile, a refusal shown as the message, the
   * new view shown with its cause; an accepted action also ends a run of faults. Then the computer may move.
   */
  private async change(
    call: (handle: GameHandle) => Promise<ActResult<T["view"]>>,
    cause: ViewCause<T["action"]>,
  ): Promise<boolean> {
    if (!this.view || this.busy || this.recovering) return false;
    const gen = this.generation;
    this.setBusy(true);
    try {
      const r = await this.withHandle(gen, call);
      if (gen !== this.generation) return false;
      this.refusal = r.ok ? null : r.error;
      if (!r.ok) {
        this.say(r.error.message, true);
        return false;
      }
      this.say("");
      if (cause.kind === "action") this.faultsInARow = 0;
      this.show(r.view, cause);
      return true;
    } catch (e) {
      if (gen === this.generation) this.onCallFailed(e);
      return false;
    } finally {
      if (gen === this.generation) this.setBusy(false);
      this.kick();
    }
  }

  /** Fetches hints for the view (a person's turn, when wanted); otherwise the task goes idle. */
  async refreshHints(): Promise<void> {
    const v = this.view;
    const at = v?.state.log.length ?? 0;
    if (!v || !this.connected || !this.opts.hints?.() || !this.humanTurn) {
      if (this.hints.status !== "idle") this.setHints({ status: "idle", at });
      return;
    }
    const gen = this.generation;
    const call = ++this.hintCall;
    const current = () =>
      gen === this.generation && call === this.hintCall && this.view?.state.log.length === at;
    this.setHints({ status: "pending", at });
    try {
      const h = await this.withHandle(
        gen,
        (handle) => this.api.hints(handle, this.opts.hintOptions?.()),
        true,
      );
      if (current() && h.at === at && h.player === this.view?.state.current)
        this.setHints({ status: "complete", at, hints: h.hints });
    } catch (e) {
      if (current())
        this.setHints({ status: "error", at, error: e instanceof Error ? e : new Error(String(e)) });
    }
  }

  /** Lets the computer play if one of its seats is to move (call it when the `bots` seats change). */
  kick(): void {
    if (this.botRunning || this.recovering || !this.connected || !this.botTurn) return;
    if (this.faultsInARow >= MAX_FAULTS_IN_A_ROW) return;
    this.botRunning = true;
    const gen = this.generation;
    void this.runBot(gen).finally(() => {
      this.botRunning = false;
      // A new game may have started while the loop was waiting: its computer seat plays now. (Same game: the
      // loop ended on an error, shown as a message; no retry loop.)
      if (this.generation !== gen) this.kick();
    });
  }

  // ---- internals ---------------------------------------------------------------------------------------

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.host.requestUpdate();
  }

  private setHints(task: HintTask<T["hint"]>): void {
    this.hints = task;
    this.host.requestUpdate();
  }

  private show(view: T["view"], cause: ViewCause<T["action"]>): void {
    const prev = this.view;
    this.view = view;
    this.host.requestUpdate();
    this.opts.onView?.(view, prev, cause);
    void this.refreshHints();
  }

  /**
   * Runs a call on the game's handle; if the worker no longer holds it, restores the game there (replay of
   * options, seed and log under a new handle, the same state) and runs the call once more.
   */
  private async withHandle<R>(
    gen: number,
    call: (handle: string) => Promise<R>,
    background = false,
  ): Promise<R> {
    const handle = this.view!.handle;
    try {
      return await call(handle);
    } catch (e) {
      // Background work (hints, the computer) of an element out of the page is not restored: it stopped.
      if (!isUnknownGame(e) || gen !== this.generation || !this.view || (background && !this.connected))
        throw e;
      if (this.view.handle === handle) {
        // One rebuild for every call that found the handle gone (an action and a hint fetch, say).
        this.rebuilding ??= this.rebuild().finally(() => {
          this.rebuilding = null;
        });
        const { how: _, ...restored } = await this.rebuilding;
        if (gen !== this.generation || !this.view) throw e;
        // The same state under the new handle: nothing to show.
        if (this.view.handle === handle) this.view = restored as T["view"];
      }
      return call(this.view.handle);
    }
  }

  /** The game of the view rebuilt in the current worker: replayed from its log, else loaded from its state. */
  private async rebuild(): Promise<T["view"] & { how: string }> {
    const held = this.view!.state;
    try {
      // The header types the log loosely (GameHeader<unknown>); a state of this game logs this game's actions.
      const view = await this.api.replay(held.options, held.seed, held.log as T["action"][]);
      if (canonical(view.state) === canonical(held)) return { ...view, how: "replayed from its log" };
      this.api.close(view.handle).catch(() => {});
      throw new Error("the replayed game differs from the one shown");
    } catch (e) {
      if (wireOf(e).rule === WORKER_LOST) throw e;
      // The log does not rebuild it: send the state itself (plain JSON, checked by the engine's load).
      const view = await this.api.load(held);
      return { ...view, how: `reloaded from its saved state (${errorText(e)})` };
    }
  }

  /**
   * The worker was lost (it died, hung, or was restarted after an unexpected error): drop what was in
   * flight, say so (an alert), and restore the game in the fresh worker from its options, seed and log.
   */
  private onWorkerFault(fault: WorkerFault): void {
    const gen = ++this.generation;
    this.faultsInARow++;
    this.hints = { status: "idle", at: this.hints.at };
    if (!fault.restarted) {
      this.setBusy(false);
      this.say(`The game engine stopped: ${fault.error.message}.`, true);
      return;
    }
    this.say(`The game engine stopped (${fault.error.message}); restarting it…`, true);
    void this.recover(gen, fault.error.message);
  }

  private async recover(gen: number, reason: string): Promise<void> {
    if (!this.view) {
      // No game on screen yet: start it in the fresh worker.
      if (this.started && this.faultsInARow < MAX_FAULTS_IN_A_ROW)
        void this.newGame(this.started.options, this.started.seed);
      return;
    }
    this.recovering = true;
    this.setBusy(true);
    try {
      const { how, ...view } = await this.rebuild();
      if (gen !== this.generation) return;
      this.show(view as T["view"], { kind: "restore" });
      const stopped =
        this.faultsInARow >= MAX_FAULTS_IN_A_ROW && this.botTurn ? " The computer has stopped." : "";
      this.say(`The game engine stopped (${reason}) and was restarted; the game was ${how}.${stopped}`, true);
    } catch (e) {
      if (gen === this.generation)
        this.say(`The game engine stopped and the game could not be restored: ${errorText(e)}`, true);
      return;
    } finally {
      if (gen === this.generation) {
        this.recovering = false;
        this.setBusy(false);
      }
    }
    this.kick();
  }

  /** A call failed: an unexpected (`internal`) failure restarts the worker, which restores the game. */
  private onCallFailed(e: unknown, prefix = ""): void {
    const { kind, rule } = wireOf(e);
    if (rule === WORKER_LOST) {
      // onWorkerFault has already taken over (the generation moved on); only a client that gave up lands here.
      this.say(`${prefix}${errorText(e)}`, true);
      return;
    }
    if (kind === "internal" && this.faultsInARow < MAX_FAULTS_IN_A_ROW) {
      this.client.restart(`${prefix}${errorText(e)}`);
      return;
    }
    this.say(`${prefix}${errorText(e)}`, true);
  }

  /** Plays the computer's seats, one move every botDelayMs, until a person is to move. */
  private async runBot(gen: number): Promise<void> {
    while (gen === this.generation && !this.recovering && this.connected && this.botTurn) {
      const ms = this.opts.botDelayMs;
      await delay(typeof ms === "function" ? ms(this.view!) : (ms ?? BOT_DELAY_MS));
      if (gen !== this.generation || !this.connected || !this.botTurn || this.busy) return;
      const prev = this.view!;
      let move: Awaited<ReturnType<GameWorkerApi<T>["botMove"]>>;
      this.setBusy(true);
      try {
        move = await this.withHandle(
          gen,
          (h) => this.api.botMove(h, { ...this.opts.botOptions?.(), play: true }),
          true,
        );
      } catch (e) {
        if (gen === this.generation) {
          this.setBusy(false);
          // Out of the page, the game was closed in the worker under the computer's search: it stopped.
          if (this.connected || !isUnknownGame(e)) this.onCallFailed(e, "computer: ");
        }
        return;
      }
      if (gen !== this.generation) return;
      this.setBusy(false);
      await this.opts.beforeBotMove?.(move.action, prev);
      if (gen !== this.generation || !move.view) return;
      this.faultsInARow = 0;
      this.show(move.view, { kind: "action", action: move.action, by: "computer" });
    }
  }
}
