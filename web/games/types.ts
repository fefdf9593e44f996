/**
 * One object per game (issue #22): everything a host needs to run a game, so that the hosts — the worker service
 * and its page client (web/worker/), the online server and its bots (server/), the `rail` CLI (bin/) and the lobby
 * page (web/demo/lobby.ts) — are loops over the registry (web/games/registry.ts) and name no game.
 *
 * A game is a folder `web/games/<id>/` whose `index.ts` exports its {@link GameModule}, and one line in the registry.
 * Everything heavy (solvers, Wasm, the CLI's text) is behind a loader, so a host pays only for what it uses.
 *
 * Conventions, stated once:
 * - `seat`: a seat index 0..players-1; `null` a spectator (online); `undefined` "the local player, who may see
 *   everything" (the worker's hot-seat games, the CLI).
 * - Options objects come from outside (a page, a socket, a command line): every `read*` function checks one and
 *   throws `InputError` with the JSON pointer of the field (`/options/<key>`); every option that sets work is capped.
 * - A bot or a search that needs randomness draws it from {@link positionSeed}: the same game gives the same move
 *   in every host.
 */
import type { Endpoint } from "comlink";
import type { GameEngine, GameHeader, SeatAction } from "../engine/common/game.ts";
import type { Levels } from "./levels.ts";
import type { Reviewer } from "./review.ts";

/** A game's state, action and option types, and what its hints and bots take and answer. */
export interface GameTypes {
  state: GameHeader;
  action: SeatAction;
  /** The options of `engine.setup` (always with `players`). */
  options: unknown;
  /** What the game adds to every view besides `game`, `handle`, `state`, `legal` (train `turnScore`, …). */
  extras: object;
  /** One hint, as `hints` answers a list of them. */
  hint: unknown;
  /** The options of a hints call, checked. */
  hintOptions: object;
  /** The options of a `botMove` call besides `play`, as a page writes them (read by `readBot`). */
  botOptions?: object;
}

/** A game's engine (web/engine/common/game.ts `defineEngine`) over its types. */
export type EngineOf<T extends GameTypes> = GameEngine<
  T["state"] & GameHeader<T["options"], T["action"]>,
  T["action"],
  T["options"]
>;

/** Where a host's Wasm modules and shipped data files come from. */
export interface Kit {
  /**
   * The compiled Wasm module `name` (an entry of assembly/: "train", "string", "stringplan", "light", …); browser:
   * fetched by URL in the worker; Node: read from build/. Null: this host runs the TypeScript twins.
   */
  wasm(name: string): Promise<WebAssembly.Module> | null;
  /** A shipped data file under web/data/ by its path there ("train/race-100.bin"), or null where there is none. */
  data(path: string): Promise<ArrayBuffer | null>;
  /** Hears the stages of a long load or solve (0..1), where the host shows progress. */
  onStage?: (stage: string, fraction: number) => void;
  /**
   * True where a data file is a download (a page's worker): a game then loads a large one only when an answer
   * needs it (issue #23: the Train Game's race table waits for a turn with a choice). Absent: files are at hand.
   */
  readonly downloads?: boolean;
  /**
   * Files a page downloaded and hands over to this host (the Train Game's `prepare`): the URLs it takes, and where
   * they go (read by `wasm` and `data` before any request of their own). Absent: a host that takes no files.
   */
  readonly handover?: { urls: readonly string[]; offer(files: readonly HandedFile[]): void };
  /**
   * A thread of its own for a game's long solves, started by the game when it first needs one (browser: the solver
   * worker, web/worker/solver-worker.ts, for "train"); null or absent: this host solves on its own thread.
   */
  worker?(name: string): SolverThread | null;
}

/** One file a page hands over: its URL in the build and its bytes (checked by the reader, as a fetched one). */
export interface HandedFile {
  url: string;
  bytes: ArrayBuffer;
}

/** A started solver thread (Kit.worker): its Comlink endpoint, how to stop it, and where its faults arrive. */
export interface SolverThread {
  endpoint: Endpoint;
  terminate(): void;
  /** Where `error` events arrive (a Worker); none for plain ports. */
  events?: EventTarget;
}

/** How a long hint reports its stages (0..1) to whoever asked (the widget's progress bar). */
export type Report = (stage: string, fraction: number) => void;

/**
 * A move chooser for the seat to move in a position that is not over; `seed` makes its random choices repeatable.
 * A move that needs a long solve answers with a Promise (the Train Game's race to a goal without a shipped table,
 * solved in the browser's solver thread: web/games/train/route.ts); hosts await the answer.
 */
export type BotFn<T extends GameTypes> = (
  state: T["state"],
  seed: string,
) => T["action"] | Promise<T["action"]>;

/**
 * A hint function for the seat to move in a position that is not over. A long search answers with a Promise and pauses
 * between batches so that one worker serves every game; `stale()` then says the game has moved on (it may stop);
 * `report` hears the stages of a long solve (the caller's progress bar).
 */
export type HintFn<T extends GameTypes> = (
  state: T["state"],
  stale?: () => boolean,
  report?: Report,
) => T["hint"][] | Promise<T["hint"][]>;

/** One of a game's computer players. */
export interface BotSpec<T extends GameTypes, Solver> {
  /** One line for `--help`, docs and the lobby. */
  readonly about: string;
  /**
   * Whether one move costs little enough for a shared server (well under 100 ms): the server plays only such bots.
   */
  readonly cheap: boolean;
  /** The bot; `solver()` loads the game's solver once, only if this bot needs it. */
  load(solver: () => Promise<Solver>, work: BotWork, engine?: () => EngineOf<T>): Promise<BotFn<T>>;
}

/** The work options a bot may take (each capped by the game: {@link GameModule.readBot}). */
export interface BotWork {
  /** Playouts per move of a search bot. */
  playouts?: number;
  /**
   * Answer from what is at hand: no solve of seconds on this thread. A host that must not stall (the shared server,
   * whose one thread serves every match) sets it; a bot whose best move would need such a solve plays its quick
   * fallback then (train: max-EV when the race's table is neither at hand nor a solver thread's). Never read from a
   * caller's options.
   */
  quick?: boolean;
}

/** A setup option besides `players`, as the CLI's `new` and the lobby's form offer it. */
export type OptionSpec =
  | { name: string; about: string; kind: "int"; min: number; max: number; default: number }
  | { name: string; about: string; kind: "choice"; choices: readonly string[]; default: string }
  | { name: string; about: string; kind: "flag"; default: boolean };

/** What a game's {@link GameCli.hint} report is made from: the module's hints and solver, loaded on first need. */
export interface CliHintContext<T extends GameTypes, Solver> {
  /** The hints call's options, checked by {@link GameModule.readHintOptions} (the CLI's `--playouts`, …). */
  options: T["hintOptions"];
  /** The module's hints for the position ({@link GameModule.loadHints} with `options`). */
  hints(): Promise<T["hint"][]>;
  /** The game's solver, loaded once through the host's Kit. */
  solver(): Promise<Solver>;
}

/**
 * What a game's tools get from their host (the `rail` CLI: bin/host.ts), so that nothing under web/games/ imports
 * Node (the worker loads the modules).
 */
export interface CliHost {
  /** Where Wasm and data come from. */
  kit: Kit;
  /**
   * A JSON file (`-`: stdin) read whole, parsed and depth-checked (limits: web/cli/args.ts); a UsageError naming
   * the file, or `usage` when it is missing.
   */
  readJsonFile(
    file: string | undefined,
    usage: string,
    opts?: { maxBytes?: number; maxDepth?: number },
  ): unknown;
  /**
   * A file (`-`: stdin) read whole as UTF-8 text, with the same byte cap and refusals as `readJsonFile` but not
   * parsed: for a tool that reads its own format in one pass (`rail string pairs`).
   */
  readTextFile(file: string | undefined, usage: string, opts?: { maxBytes?: number }): string;
}

/** One of a game's own tools: `rail <id> <name> ARGS…` (docs/cli.md), beside the game-file commands. */
export interface CliTool {
  /** The answer to print (JSON, or a `TextResult`); bad input throws a one-line error (web/cli/args.ts). */
  run(args: string[], host: CliHost): Promise<unknown>;
  /**
   * Whether its first argument is a file that is not a game file (`light hint STATE.json`, an engine save). A tool
   * named like a game-file command (`hint`, `bot`) gets the arguments that name no rail game file: those that start
   * with an option, and, if this is set, those that start with any file.
   */
  readonly takesFile?: boolean;
}

/** The CLI's view of a game (loaded on demand: the worker and the server never load it). */
export interface GameCli<T extends GameTypes, Solver = unknown> {
  /** The position as text for a terminal (one screen). */
  picture(state: T["state"]): string;
  /** Each seat's score now (the final ones once the game is over). */
  scores(state: T["state"]): number[];
  /**
   * The `hint` command's report for the seat to move in a game that is not over (docs/cli.md); absent: `{ seat,
   * hints }`, the module's hints as they are.
   */
  hint?(state: T["state"], context: CliHintContext<T, Solver>): Promise<unknown>;
  /** The CLI's default work of a bot where it asks for less than the module's default (a command is interactive). */
  readonly botWork?: BotWork;
  /** The game's own tools by name (`rail train ev`, `rail string pairs FILE`), each loaded on first use. */
  readonly commands?: Readonly<Record<string, CliTool>>;
}

/** How a game reviews a game (see {@link GameModule.review}). */
export interface ReviewSpec<T extends GameTypes, Solver> {
  /** The option names a review takes (any other is refused). */
  readonly keys: readonly string[];
  /** Checks a review's options (InputError at `/options/…`); every option that sets work has a cap. */
  readOptions(o: Record<string, unknown>): object;
  /**
   * The grader for these options; `solver()` loads the game's solver once, only if it needs it. `report` hears the
   * long work a grade may start before its answer (the Train Game: a race solve, in the host's solver thread).
   */
  load(
    solver: () => Promise<Solver>,
    options: object,
    engine?: () => EngineOf<T>,
    report?: Report,
  ): Promise<Reviewer<T>>;
}

/** A game's own worker verbs (see {@link GameModule.verbs}). */
export type VerbTable = Record<string, (...args: never[]) => Promise<unknown>>;

/**
 * Everything a host needs to run one game. `Id` is the registry key as a literal type and `Verbs` the game's own
 * worker verbs, so that the worker client's type (web/worker/client.ts) is a mapped type over the registry.
 */
export interface GameModule<
  T extends GameTypes = GameTypes,
  Solver = unknown,
  Id extends string = string,
  Verbs extends VerbTable = VerbTable,
> {
  /** The registry key: the state's `game`, the worker's handle prefix (`"train:3"`), the CLI's word, `?game=`. */
  readonly id: Id;
  /** The game's name for people ("The Train Game"). */
  readonly title: string;
  /** The custom element that draws it (`"train-game"`), if it has one. */
  readonly tag?: string;
  /** The rules, on the TypeScript kernels; a host with Wasm may ask {@link GameModule.loadEngine}. */
  readonly engine: EngineOf<T>;
  /**
   * The same rules on faster kernels (String Railway: the Wasm route geometry), same answers; absent: `engine` is all
   * there is. Hosts load it once, when a game is first shown, and use `engine` until it is ready (or if it fails).
   */
  loadEngine?(kit: Kit): Promise<EngineOf<T>>;
  /** Seats: fewest, most, and the default of a new game. */
  readonly seats: { readonly min: number; readonly max: number; readonly default: number };
  /** The setup options besides `players` (CLI `new` flags, the lobby's create form). */
  readonly options: readonly OptionSpec[];

  // ---- what a seat sees --------------------------------------------------------------------------------------
  /** The view's extras for `seat` (undefined: the local player, who sees everything), from the whole state. */
  extras(state: T["state"], seat?: number | null): T["extras"];
  /**
   * The state as `seat` may see it online (null: a spectator): hidden cards replaced by `HIDDEN`
   * (web/online/view.ts). The caller removes `seed` and `rng`.
   */
  hide(state: T["state"], seat: number | null): Record<string, unknown>;
  /**
   * The inverse of {@link GameModule.hide} for the hints: a seat's view of an online match (its `state`, a snapshot)
   * as a position, and whether it shows the seat to move what its hints need (false: another seat's view);
   * InputError under `/state`. Absent: the game's hints need no hidden information online… and take no view.
   */
  fromView?(state: unknown): { state: T["state"]; mover: boolean };
  /**
   * The view's fields the online server leaves out of what it sends (web/online/view.ts `SentView`), because they
   * follow from the state and change wholesale with each move (issue #25: updates stay small); the client derives
   * them again in its worker (the `onlineView` verb: web/games/view.ts `deriveView`, through
   * {@link GameModule.fromView}, which a game that derives must have). Absent or empty: the whole view is sent.
   */
  readonly derived?: readonly ("legal" | (keyof T["extras"] & string))[];

  // ---- solvers, hints and bots -------------------------------------------------------------------------------
  /**
   * Loads the game's solver for a host (Wasm through `kit`, or the TypeScript twins where `kit.wasm` answers
   * null). Hosts load it once, on first need.
   */
  loadSolver(kit: Kit): Promise<Solver>;
  /** The option names a hints call takes (any other is refused). */
  readonly hintKeys: readonly string[];
  /** Checks a hints call's options (InputError at `/options/…`); every option that sets work has a cap. */
  readHintOptions(o: Record<string, unknown>): T["hintOptions"];
  /**
   * The hint function for these options; `solver()` loads the solver once, only if they need it. `engine()` is the
   * host's engine now (its {@link GameModule.loadEngine} once loaded; default {@link GameModule.engine}): hints and
   * bots that run the rules (String Railway's live check, its bots) run them there, on the host's fastest kernels.
   */
  loadHints(
    solver: () => Promise<Solver>,
    options: T["hintOptions"],
    engine?: () => EngineOf<T>,
  ): Promise<HintFn<T>>;
  /** The computer players by name; the first is the strongest (the widget's default). */
  readonly bots: Readonly<Record<string, BotSpec<T, Solver>>>;
  /** The option names a `botMove` call takes besides `play` (train `mode`; string, light `policy`; light `playouts`). */
  readonly botKeys: readonly string[];
  /** Checks a `botMove` call's options: which of {@link GameModule.bots}, with what work (InputError; capped). */
  readBot(o: Record<string, unknown>): { bot: string; work: BotWork };
  /**
   * Its bots at levels 1 (near random) to 5 (the strongest), weakest first (web/games/levels.ts; measured in
   * docs/bots.md). Absent: the random player, then the first bot with less noise at each level.
   */
  readonly levels?: Levels;
  /**
   * The game's own worker verbs beyond the common ones, served in its namespace (train: `hint(turn, race)`,
   * `prepare`, `expectedTurnScore`, `raceTable`; web/games/train/verbs.ts); arguments are untrusted (read and
   * check each one; a callback is a Comlink proxy the verb releases when it ends). `solver()` is the host's one
   * lazy load of the solver (the same as the hints' and bots').
   */
  verbs?(solver: () => Promise<Solver>, kit: Kit): Verbs;

  /**
   * Game review (docs/review.md, web/games/review.ts): the option names a review takes, their check (InputError at
   * `/options/…`; every option that sets work capped), and the grader of one move over the game's solver. Absent:
   * the game has no review.
   */
  readonly review?: ReviewSpec<T, Solver>;

  /** The CLI's text picture and scores, its hint report and the game's own tools. */
  cli(): Promise<GameCli<T, Solver>>;
}

/** The seed a bot or a search draws from in this position: the game's seed and how far it has gone. */
export function positionSeed(state: { seed: number | string; log: readonly unknown[] }): string {
  return `${state.seed}/${state.log.length}`;
}
