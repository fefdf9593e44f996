/**
 * `rail <game> new|show|legal|play|undo|hint|bot|replay`: a whole game of any registered game (bin/games.ts)
 * played from the terminal, its state in a game file (docs/cli.md "Playing a game"):
 *
 *   {"format": "rail-game", "version": 1, "game": <module id>, "bots": {"1": <bot name>}, "state": <engine save>}
 *
 * The state is read through the engine's `load` (a save is accepted only if replaying its options, seed and
 * log reproduces it; otherwise an InputError with the JSON pointer of the first difference, under `/state`).
 * `play`, `undo` and `bot` write the file atomically (a temporary file renamed over it); a refusal exits 2
 * with the rule id and leaves the file byte for byte unchanged.
 */
import { lstatSync, realpathSync, renameSync, rmSync, writeFileSync } from "node:fs";
import {
  choiceArg,
  intArg,
  listArg,
  type ParsedArgs,
  parseArgs,
  positionals,
  quote,
  seedArg,
  TextResult,
  UsageError,
} from "../../web/cli/args.ts";
import { InputError } from "../../web/engine/common/errors.ts";
import { isObject } from "../../web/engine/common/input.ts";
import { type GameModule, positionSeed } from "../../web/games/types.ts";
import { fileKind, jsonArg, readJsonFile } from "../files.ts";
import {
  type AnyAction,
  type AnyState,
  type Bot,
  botNames,
  botWork,
  botWorkOptions,
  type CliGame,
  cliGame,
  hintOptions,
  hintWorkOptions,
  loadBot,
  MAX_BOT_ACTIONS,
  newOptionNames,
  setupOptions,
} from "../games.ts";

export const GAME_FILE_FORMAT = "rail-game";
export const GAME_FILE_VERSION = 1;

export interface GameFile {
  game: CliGame;
  /** Bot name by seat. */
  bots: Map<number, string>;
  state: AnyState;
}

/** The game-file commands' usage line for `game`, with its `new` options and bots. */
export function gameUsage(game: GameModule): string {
  const opts = game.options
    .map((o) =>
      o.kind === "flag"
        ? `[--${o.name}]`
        : `[--${o.name} ${o.kind === "int" ? `${o.min}..${o.max}` : o.choices.join("|")}]`,
    )
    .join(" ");
  const { min, max, default: def } = game.seats;
  const create = `new [--players ${min}..${max} (${def})] [--seed S] [--bots 1,2] [--bot ${botNames(game).join("|")}]`;
  return `usage: rail ${game.id} ${create}${opts ? ` ${opts}` : ""} --out FILE | show FILE [--json] | legal FILE | play FILE ACTION | undo FILE [--seat N] | hint FILE | bot FILE | replay FILE`;
}
const usage = (g: CliGame) => gameUsage(g.module);

/** Reads and checks a game file: format, game, bots, and the state through the engine's `load`. */
export function readGameFile(file: string | undefined, game: CliGame): GameFile {
  const doc = readJsonFile(file, `missing game file (${usage(game)})`);
  const where = quote(file!);
  if (!isObject(doc) || doc.format !== GAME_FILE_FORMAT)
    throw new UsageError(`${where} is not a rail game file (no "format": "${GAME_FILE_FORMAT}")`);
  for (const k of Object.keys(doc))
    if (!["format", "version", "game", "bots", "state"].includes(k))
      throw new InputError(`unknown field in ${where}`, `/${quote(k).slice(1, -1)}`);
  if (doc.version !== GAME_FILE_VERSION)
    throw new InputError(`${where}: unsupported version (this tool reads ${GAME_FILE_VERSION})`, "/version");
  if (doc.game !== game.module.id)
    throw new InputError(`${where} holds a ${quote(String(doc.game))} game, not ${game.module.id}`, "/game");
  if (!isObject(doc.bots)) throw new InputError(`${where}: must be an object {"seat": "bot"}`, "/bots");
  let state: AnyState;
  try {
    state = game.engine.load(doc.state) as AnyState;
  } catch (e) {
    if (e instanceof InputError) {
      const msg = e.path ? e.message.slice(e.path.length + 2) : e.message;
      throw new InputError(`${where}: ${msg}`, `/state${e.path}`);
    }
    throw e;
  }
  const bots = new Map<number, string>();
  for (const [k, v] of Object.entries(doc.bots)) {
    const seat = /^\d{1,2}$/.test(k) ? Number(k) : -1;
    if (seat < 0 || seat >= state.options.players)
      throw new InputError(`${where}: not a seat of this game`, `/bots/${quote(k).slice(1, -1)}`);
    if (typeof v !== "string" || !game.bots.includes(v))
      throw new InputError(`${where}: a bot is one of ${game.bots.join(", ")}`, `/bots/${seat}`);
    bots.set(seat, v);
  }
  return { game, bots, state };
}

/** The game file's text (format first, so a reader can tell it from an engine save by its first bytes). */
export function gameFileText(g: GameFile): string {
  const bots = Object.fromEntries([...g.bots].sort((a, b) => a[0] - b[0]).map(([s, b]) => [String(s), b]));
  return `{"format":"${GAME_FILE_FORMAT}","version":${GAME_FILE_VERSION},"game":${JSON.stringify(g.game.module.id)},"bots":${JSON.stringify(bots)},"state":${g.game.engine.save(g.state)}}\n`;
}

/**
 * Whether `file` may be written: absent (false) or a regular file (true). Anything else — a symbolic link, a
 * device, a FIFO, a directory, a socket — is refused, `--force` or not (lstat: a link is not followed).
 */
export function checkWritable(file: string): boolean {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw new UsageError(`cannot write ${quote(file)}: ${(e as NodeJS.ErrnoException).code ?? "stat error"}`);
  }
  if (!st.isFile())
    throw new UsageError(`cannot write ${quote(file)}: it is ${fileKind(st)}, not a regular file; refused`);
  return true;
}

/**
 * Writes `text` to `file` atomically: a temporary file beside it (created exclusively, so never through a link),
 * renamed over it. `file` must be absent or a regular file ({@link checkWritable}); rename replaces the name
 * itself and never follows a link there.
 */
export function writeAtomic(file: string, text: string): void {
  checkWritable(file);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, text, { flag: "wx" });
    renameSync(tmp, file);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new UsageError(
      `cannot write ${quote(file)}: ${(e as NodeJS.ErrnoException).code ?? "write error"}`,
    );
  }
}

/** The regular file a game file read through a symbolic link names: the file `play`, `undo` and `bot` rewrite. */
function gameFileTarget(file: string): string {
  if (file === "-") throw new UsageError("the game file is written back: give a file, not stdin (-)");
  try {
    return realpathSync(file);
  } catch (e) {
    throw new UsageError(`cannot write ${quote(file)}: ${(e as NodeJS.ErrnoException).code ?? "path error"}`);
  }
}

/** The header as the commands report it. */
function status(g: GameFile) {
  const s = g.state;
  return {
    current: s.current,
    over: s.over,
    winners: s.winners,
    scores: g.game.cli.scores(s),
    toMove: s.current === null ? null : g.bots.has(s.current) ? `bot ${g.bots.get(s.current)}` : "human",
    actions: s.log.length,
  };
}

function applyOrRefuse(g: GameFile, action: unknown): AnyState {
  const r = g.game.engine.apply(g.state, action);
  if (!r.ok) throw r.error;
  return r.state as AnyState;
}

async function newGame(game: CliGame, args: string[]) {
  const named = newOptionNames(game.module);
  const p = parseArgs(
    args,
    ["players", "seed", "bots", "bot", "out", ...named.valued],
    ["force", ...named.flags],
  );
  positionals(p, [], usage(game));
  const out = p.options.get("out");
  if (!out) throw new UsageError(`new needs --out FILE (${usage(game)})`);
  const { min, max, default: def } = game.module.seats;
  const players = intArg(p.options.get("players"), "--players", min, max) ?? def;
  const seed = p.options.has("seed") ? seedArg(p.options.get("seed")!) : Math.floor(Math.random() * 2 ** 31); // no seed given: a fresh game each time (the seed is saved)
  const botName = choiceArg(p.options.get("bot") ?? game.bots[0]!, "--bot", game.bots);
  const bots = new Map<number, string>();
  if (p.options.has("bots")) {
    for (const part of listArg(p.options.get("bots")!, "--bots", players)) {
      const seat = intArg(part, "--bots seat", 0, players - 1)!;
      if (bots.has(seat)) throw new UsageError(`--bots: seat ${seat} given twice`);
      bots.set(seat, botName);
    }
  } else if (p.options.has("bot"))
    throw new UsageError("--bot names the bot of the --bots seats: give --bots too");
  // Before any work: --out must be absent, or a regular file with --force (never a link, device, FIFO, …).
  if (checkWritable(out) && !p.flags.has("force"))
    throw new UsageError(`${quote(out)} exists: give --force to replace it`);
  const state = game.engine.setup(setupOptions(game.module, p, players), seed) as AnyState;
  const g: GameFile = { game, bots, state };
  writeAtomic(out, gameFileText(g));
  return {
    file: out,
    game: game.module.id,
    seed,
    options: state.options,
    bots: Object.fromEntries(bots),
    ...status(g),
  };
}

function seatArg(p: ParsedArgs, g: GameFile): number {
  const last = g.state.log[g.state.log.length - 1] as AnyAction | undefined;
  const fallback = g.state.current ?? last?.player ?? 0;
  return intArg(p.options.get("seat"), "--seat", 0, g.state.options.players - 1) ?? fallback;
}

export async function gameCommand(module: GameModule, args: string[]): Promise<unknown> {
  const game = await cliGame(module);
  const [sub, ...rest] = args;
  const U = usage(game);
  switch (sub) {
    case "new":
      return newGame(game, rest);
    case "show": {
      const p = parseArgs(rest, [], ["json"]);
      const [file] = positionals(p, ["FILE"], U);
      const g = readGameFile(file, game);
      if (p.flags.has("json")) return { ...status(g), bots: Object.fromEntries(g.bots), state: g.state };
      const who =
        g.state.current === null ? "" : `\n  to move: seat ${g.state.current} (${status(g).toMove})`;
      return new TextResult(`${game.cli.picture(g.state)}${who}`);
    }
    case "legal": {
      const p = parseArgs(rest, []);
      const [file] = positionals(p, ["FILE"], U);
      const g = readGameFile(file, game);
      return { seat: g.state.current, actions: game.engine.legalActions(g.state) };
    }
    case "play": {
      const p = parseArgs(rest, []);
      const [file, text] = positionals(p, ["FILE", "ACTION"], U);
      const g = readGameFile(file, game);
      const action = jsonArg(text!, "the action");
      // A seat-less action is the seat to move's.
      if (isObject(action) && !("player" in action) && g.state.current !== null)
        action.player = g.state.current;
      g.state = applyOrRefuse(g, action);
      writeAtomic(gameFileTarget(file!), gameFileText(g));
      return { played: g.state.log[g.state.log.length - 1], ...status(g) };
    }
    case "undo": {
      const p = parseArgs(rest, ["seat"]);
      const [file] = positionals(p, ["FILE"], U);
      const g = readGameFile(file, game);
      const seat = seatArg(p, g);
      const r = game.engine.undo(g.state, seat);
      if (!r.ok) throw r.error;
      const undone = g.state.log[g.state.log.length - 1];
      g.state = r.state as AnyState;
      writeAtomic(gameFileTarget(file!), gameFileText(g));
      return { undone, ...status(g) };
    }
    case "hint": {
      const p = parseArgs(rest, hintWorkOptions(game));
      const [file] = positionals(p, ["FILE"], U);
      const options = hintOptions(game, p.options);
      const g = readGameFile(file, game);
      if (g.state.over) return { seat: null, over: true, options: [] };
      const state = g.state;
      const hints = async () => (await game.module.loadHints(game.solver, options))(state);
      if (game.cli.hint) return game.cli.hint(state, { options, hints, solver: game.solver });
      return { seat: state.current, hints: await hints() };
    }
    case "bot": {
      const p = parseArgs(rest, ["max-actions", ...botWorkOptions(game)]);
      const [file] = positionals(p, ["FILE"], U);
      const max =
        intArg(p.options.get("max-actions"), "--max-actions", 1, MAX_BOT_ACTIONS) ?? MAX_BOT_ACTIONS;
      const work = botWork(game, p.options);
      const g = readGameFile(file, game);
      const made = new Map<string, Bot>();
      const played: unknown[] = [];
      while (
        !g.state.over &&
        g.state.current !== null &&
        g.bots.has(g.state.current) &&
        played.length < max
      ) {
        const name = g.bots.get(g.state.current)!;
        if (!made.has(name)) made.set(name, await loadBot(game, name, work));
        const action = await made.get(name)!(g.state, positionSeed(g.state));
        g.state = applyOrRefuse(g, action);
        played.push(g.state.log[g.state.log.length - 1]);
      }
      if (played.length > 0) writeAtomic(gameFileTarget(file!), gameFileText(g));
      return { played, ...status(g) };
    }
    case "replay": {
      const p = parseArgs(rest, []);
      const [file] = positionals(p, ["FILE"], U);
      const g = readGameFile(file, game);
      // readGameFile loaded the state through the engine's load: the log replays to exactly this state.
      return { ok: true, seed: g.state.seed, options: g.state.options, ...status(g) };
    }
    default:
      throw new UsageError(U);
  }
}
