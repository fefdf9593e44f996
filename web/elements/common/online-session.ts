/**
 * The online session controller (issue #14): one seat of a match held by the railkit game server
 * (server/server.ts), played through boardgame.io's client over socket.io. It has the surface an element
 * reads from the local {@link GameSession} (`view`, `busy`, `message`, `hints`, `toMove`, `humanTurn`, `act`,
 * `undo`, `say`, …), so an element switches between them when its `server`, `match` and `seat` attributes are
 * set, and draws an online game the way it draws a local one.
 *
 * - **The view** is what the server sends this seat (web/online/view.ts `OnlineView`): the state without the
 *   seed, the generator or hidden cards, the legal actions when this seat is to move, the game's extras. The fields
 *   a game derives (String Railway's and Light Rail's legal actions, …) are not sent (`SentView`, issue #25): the
 *   element's `derive` computes them in its worker before the view is shown.
 * - **Acting**: one round trip (issue #25): the move goes through the client; the server applies it once and
 *   answers with the next state, or, when it does not play it, with a refusal on the same socket
 *   (web/online/view.ts `REFUSED_EVENT`, with the rule id), which becomes the status line. `act` resolves true
 *   once the server's next state holds the action, false when refused, or when another move of this seat
 *   (another connection) was played first and the server refused this one as stale.
 * - **Who is connected** comes from the match data (`seats`); the boardgame.io client reconnects by itself
 *   after a lost connection or a server restart and syncs the match again.
 * - **Hints** run in the player's own worker on this seat's view, when the element gives `loadHints` (the Train
 *   Game: its hint verb takes the turn); otherwise the status stays idle. The computer's seats are played by the
 *   server (server/bots.ts).
 * - boardgame.io's client is loaded on the first `newGame`, so pages without online play never load it.
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import type { GameId } from "../../engine/common/game.ts";
import { clientGame, keepInStep, onRefused } from "../../online/client-game.ts";
import type { MoveRefused, OnlineView, SentView } from "../../online/view.ts";
import type { GameTypes } from "../../worker/protocol.ts";
import type { HintTask, ViewCause } from "./session.ts";

/** How long an accepted move may take to come back from the server before the session says so. */
export const ONLINE_ANSWER_MS = 10_000;

export interface OnlineSessionOptions<T extends GameTypes> {
  /** The game (or a function that reads it at every `newGame`). */
  game: GameId | (() => GameId);
  /** The server's address (`http://127.0.0.1:8000`), read at every `newGame`. */
  server(): string;
  match(): string;
  /** This element's seat, or null to watch. */
  seat(): number | null;
  credentials(): string | undefined;
  /** Whether hints are wanted now (default false); fetched for this seat's turn only. */
  hints?(): boolean;
  /**
   * Hints for this seat's view, computed in the player's own worker on what this seat sees (never on the
   * server's state): the element knows which of its worker's verbs can take a view.
   */
  loadHints?(view: T["view"]): Promise<T["hint"][]>;
  /**
   * The whole view from what the server sends (web/online/view.ts `SentView`): the fields its game derives
   * computed in the player's own worker (its `onlineView` verb). Called only for a view that lists `derived` fields.
   */
  derive?(sent: SentView, seat: number | null): Promise<T["view"]>;
  /** The view changed: `prev` is the one before (null for the first). */
  onView?(next: T["view"], prev: T["view"] | null, cause: ViewCause<T["action"]>): void;
  /** This seat's action is about to be sent (`act`): false keeps it from being sent (`act` answers false). */
  beforeAct?(action: T["action"]): boolean;
}

/** One seat as the match data shows it. */
export interface OnlineSeat {
  id: number;
  name?: string;
  isConnected?: boolean;
}

interface BgClient {
  start(): void;
  stop(): void;
  subscribe(fn: () => void): () => void;
  getState(): { G: unknown; isConnected: boolean } | null;
  matchData?: OnlineSeat[];
  moves: Record<string, (...args: unknown[]) => void>;
}

export class OnlineSession<T extends GameTypes> implements ReactiveController {
  view: T["view"] | null = null;
  busy = false;
  /** Never set online: kept for the elements that read it. */
  recovering = false;
  message = "";
  messageIsError = false;
  /** The server's last refusal of this seat's action or undo (the engine's rule id and message), null after an accepted one. */
  refusal: { rule: string; message: string } | null = null;
  hints: HintTask<T["hint"]> = { status: "idle", at: 0 };
  /** The socket to the server is up. */
  connected = false;
  /** The match's seats: names, and who is connected now. */
  seats: OnlineSeat[] = [];

  private client: BgClient | null = null;
  /** The last view the server sent (a derivation is asked once for each). */
  private sent: SentView | null = null;
  /** Derivations asked so far: only the latest one's answer is shown. */
  private derivations = 0;
  private unsubscribe: (() => void) | null = null;
  private generation = 0;
  private waiters: (() => void)[] = [];
  private stopRefusals: (() => void) | null = null;
  /** Takes the server's refusal of the move in flight (one at a time: `busy`). */
  private refusalWaiter: ((r: MoveRefused) => void) | null = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly opts: OnlineSessionOptions<T>,
  ) {
    host.addController(this);
  }

  private get gameId(): GameId {
    const g = this.opts.game;
    return typeof g === "function" ? g() : g;
  }

  get seat(): number | null {
    return this.opts.seat();
  }

  /** The seat to move, or null (no state yet, or over). */
  get toMove(): number | null {
    const s = this.view?.state;
    return s && !s.over ? s.current : null;
  }

  /** The server plays computer seats: never this element. */
  get botTurn(): boolean {
    return false;
  }

  /** This element's seat is to move. */
  get humanTurn(): boolean {
    return this.toMove !== null && this.toMove === this.seat;
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.stop();
  }

  say(message: string, error = false): void {
    this.message = message;
    this.messageIsError = error;
    this.host.requestUpdate();
  }

  /** Joins the match named by the options (the arguments of a local game are ignored: the server set it up). */
  async newGame(_options?: unknown, _seed?: unknown): Promise<void> {
    const gen = ++this.generation;
    this.stop();
    this.view = null;
    this.sent = null;
    this.say("Connecting to the server…");
    const [{ Client }, { SocketIO }] = await Promise.all([
      import("boardgame.io/client"),
      import("boardgame.io/multiplayer"),
    ]);
    if (gen !== this.generation) return;
    const seat = this.seat;
    const credentials = this.opts.credentials();
    const client = Client({
      game: clientGame(this.gameId),
      // Back quickly after a server restart (socket.io's default waits up to 5 s between tries).
      multiplayer: SocketIO({ server: this.opts.server(), socketOpts: { reconnectionDelayMax: 2000 } }),
      matchID: this.opts.match(),
      ...(seat === null ? {} : { playerID: String(seat) }),
      ...(credentials ? { credentials } : {}),
      debug: false,
    }) as unknown as BgClient;
    this.client = client;
    this.unsubscribe = client.subscribe(() => {
      if (gen === this.generation) this.onState(client);
    });
    client.start();
    const stopRefusals = onRefused(client, (r) => {
      if (gen === this.generation && r.matchID === this.opts.match()) this.refusalWaiter?.(r);
    });
    const stopStep = keepInStep(client);
    this.stopRefusals = () => {
      stopRefusals();
      stopStep();
    };
  }

  /**
   * Sends this seat's action: false when not sent (busy, not this seat's turn, or `beforeAct` said no, when `ask`)
   * or refused (the message says why).
   */
  act(action: T["action"], ask = true): Promise<boolean> {
    if (ask && this.ready && this.opts.beforeAct && !this.opts.beforeAct(action))
      return Promise.resolve(false);
    return this.send({ action }, () => this.client!.moves.act!(action));
  }

  /** A move could be sent now (the same checks as `send`'s first ones). */
  private get ready(): boolean {
    return !!(this.view && this.client && !this.busy && this.seat !== null && this.humanTurn);
  }

  /** Takes back this seat's last action of the turn (the engine's undo, on the server). */
  undo(player = this.seat): Promise<boolean> {
    if (player === null || player !== this.seat) return Promise.resolve(false);
    return this.send({ undo: true }, () => this.client!.moves.undo!());
  }

  /** Fetches hints for the view (this seat's turn, when wanted); otherwise the task goes idle. */
  async refreshHints(): Promise<void> {
    const v = this.view;
    const at = v?.state.log.length ?? 0;
    if (!v || !this.opts.loadHints || !this.opts.hints?.() || !this.humanTurn) {
      if (this.hints.status !== "idle") this.setHints({ status: "idle", at });
      return;
    }
    const gen = this.generation;
    const current = () => gen === this.generation && this.view?.state.log.length === at;
    this.setHints({ status: "pending", at });
    try {
      const hints = await this.opts.loadHints(v);
      if (current()) this.setHints({ status: "complete", at, hints });
    } catch (e) {
      if (current())
        this.setHints({ status: "error", at, error: e instanceof Error ? e : new Error(String(e)) });
    }
  }

  private setHints(task: HintTask<T["hint"]>): void {
    this.hints = task;
    this.host.requestUpdate();
  }

  kick(): void {}

  private async send(sent: { action: unknown } | { undo: true }, move: () => void): Promise<boolean> {
    const seat = this.seat;
    const credentials = this.opts.credentials();
    if (!this.view || !this.client || this.busy || seat === null || !credentials || !this.humanTurn)
      return false;
    if (!this.connected) {
      this.say("Not connected to the server: waiting for it to come back…", true);
      return false;
    }
    const gen = this.generation;
    const at = this.view.state.log.length;
    this.busy = true;
    this.host.requestUpdate();
    let refusal: MoveRefused | null = null;
    try {
      const landed = this.nextState(() => refusal !== null || (this.view?.state.log.length ?? at) !== at);
      this.refusalWaiter = (r) => {
        refusal = r;
        for (const w of [...this.waiters]) w();
      };
      move();
      const answered = await landed;
      if (gen !== this.generation) return false;
      if (!answered) {
        this.say("The server did not answer the move; it is played if the server took it.", true);
        return false;
      }
      // Another connection of this seat (a second tab, on another server instance) may have moved first: the
      // server then refused this move as stale (`/stateID`), and the state that came is that other move's.
      const log = this.view?.state.log ?? [];
      const ours =
        refusal === null &&
        ("undo" in sent ? log.length < at : log.length === at + 1 && sameAction(sent.action, log[at]));
      if (!ours) {
        const r = refusal as MoveRefused | null;
        this.refusal = r === null ? null : { rule: r.rule, message: r.message };
        if (r === null || r.rule === "/stateID")
          this.say("Another move of this seat was played first; yours was not.", true);
        else this.say(r.message, true);
        return false;
      }
      this.refusal = null;
      this.say("");
      return true;
    } finally {
      this.refusalWaiter = null;
      if (gen === this.generation) {
        this.busy = false;
        this.host.requestUpdate();
      }
    }
  }

  /** Resolves true when `ok()` holds after a state from the server, false after {@link ONLINE_ANSWER_MS}. */
  private nextState(ok: () => boolean): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(false);
      }, ONLINE_ANSWER_MS);
      const check = () => {
        if (!ok()) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
        resolve(true);
      };
      this.waiters.push(check);
    });
  }

  private onState(client: BgClient): void {
    const st = client.getState();
    const was = this.connected;
    this.connected = st?.isConnected ?? false;
    if (was && !this.connected) this.say("The connection to the server was lost; reconnecting…", true);
    if (!was && this.connected && this.messageIsError) this.say("");
    this.seats = client.matchData ?? [];
    const sent = (st?.G ?? null) as SentView | null;
    if (sent && typeof sent === "object" && "state" in sent && sent !== this.sent) {
      this.sent = sent;
      const derive = this.opts.derive;
      if (derive && Array.isArray(sent.derived) && sent.derived.length > 0) {
        // Derived in the worker: views are shown in the order they came, a later one replacing any still pending.
        const gen = this.generation;
        const asked = ++this.derivations;
        derive(sent, this.seat).then(
          (view) => {
            if (gen === this.generation && asked === this.derivations)
              this.show(view as OnlineView & T["view"]);
          },
          (e: unknown) => {
            if (gen === this.generation && asked === this.derivations)
              this.say(
                `This match's state cannot be shown: ${e instanceof Error ? e.message : String(e)}`,
                true,
              );
          },
        );
      } else {
        const { derived: _d, ...view } = sent;
        this.show(view as unknown as OnlineView & T["view"]);
      }
    }
    this.host.requestUpdate();
    for (const w of [...this.waiters]) w();
  }

  /** Shows the whole view `next` (when it differs from the one shown). */
  private show(next: OnlineView & T["view"]): void {
    if (JSON.stringify(next) !== JSON.stringify(this.view)) {
      const prev = this.view;
      this.view = next;
      if (this.message === "Connecting to the server…") this.say("");
      this.opts.onView?.(next, prev, causeOf<T>(prev, next));
      void this.refreshHints();
    }
    this.host.requestUpdate();
    for (const w of [...this.waiters]) w();
  }

  private stop(): void {
    this.stopRefusals?.();
    this.stopRefusals = null;
    this.refusalWaiter = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.client?.stop();
    this.client = null;
    this.connected = false;
  }
}

/**
 * Whether the log entry `logged` is the action `sent`: the engine logs an action in its normal form (exactly the
 * fields of its type, absent optional fields as null), so each logged field is compared with the sent one.
 */
function sameAction(sent: unknown, logged: unknown): boolean {
  if (typeof sent !== "object" || sent === null || typeof logged !== "object" || logged === null)
    return false;
  const a = sent as Record<string, unknown>;
  return Object.entries(logged).every(([k, v]) => JSON.stringify(v) === JSON.stringify(a[k] ?? null));
}

/** Why the view changed, from the logs: one more action, one fewer (an undo), else a new or restored view. */
function causeOf<T extends GameTypes>(prev: T["view"] | null, next: T["view"]): ViewCause<T["action"]> {
  if (!prev) return { kind: "new" };
  const a = prev.state.log;
  const b = next.state.log;
  if (b.length === a.length + 1)
    return { kind: "action", action: b[b.length - 1] as T["action"], by: "person" };
  if (b.length === a.length - 1)
    return { kind: "undo", player: (a[a.length - 1] as { player: number }).player };
  return { kind: "restore" };
}
