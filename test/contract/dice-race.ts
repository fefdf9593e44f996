/**
 * A fourth game that exists only in the tests (issue #22): a two-seat dice race ("pig"), registered in one place —
 * the list the hosts are handed — to prove the worker, the online server and the CLI run a game they never name.
 *
 * Rules (rule ids `dice.*`): on your turn, `roll` a die: a 1 loses the turn's points and passes the turn, any other
 * face adds to the turn's points; `hold` banks the turn's points and passes. The first to {@link GOAL} banked wins.
 * Nothing is hidden. Undo goes back to the last roll (common undo).
 */
import { ok, RuleError, refuse } from "../../web/engine/common/errors.ts";
import { defineEngine, type GameHeader } from "../../web/engine/common/game.ts";
import { int, isObject, obj, oneOf } from "../../web/engine/common/input.ts";
import { nextInt, seedRng } from "../../web/engine/common/rng.ts";
import { MODULES } from "../../web/games/registry.ts";
import { type GameModule, positionSeed } from "../../web/games/types.ts";

export const GOAL = 20;

export interface DiceOptions {
  players: 2;
}
export type DiceAction = { type: "roll"; player: number } | { type: "hold"; player: number };
export interface DiceState extends GameHeader<DiceOptions, DiceAction> {
  game: "dice";
  scores: number[];
  /** The points of the turn under way. */
  pot: number;
  /** The last face rolled (null before the first roll). */
  last: number | null;
}
export interface DiceTypes {
  state: DiceState;
  action: DiceAction;
  options: DiceOptions;
  extras: { toWin: number[] };
  hint: { action: DiceAction; value: number };
  hintOptions: Record<never, never>;
}

export const diceEngine = defineEngine<DiceState, DiceAction, DiceOptions>({
  id: "dice",
  version: 1,
  setup(options, seed) {
    const o = obj(options, "/options");
    for (const k of Object.keys(o)) if (k !== "players") throw new Error(`unknown option ${k}`);
    int(o.players, "/options/players", 2, 2);
    return {
      game: "dice",
      version: 1,
      options: { players: 2 },
      seed,
      rng: seedRng(seed),
      log: [],
      current: 0,
      over: false,
      winners: [],
      scores: [0, 0],
      pot: 0,
      last: null,
    };
  },
  parseAction(state, action) {
    const a = obj(action, "/action");
    const type = oneOf(a.type, "/action/type", ["roll", "hold"] as const);
    return { type, player: int(a.player, "/action/player", 0, state.options.players - 1) };
  },
  apply(state, action) {
    if (state.over) return refuse("dice.game-over", "the game is over");
    if (action.player !== state.current)
      return refuse("dice.not-your-turn", `seat ${state.current} is to move`);
    const log = [...state.log, action];
    const other = 1 - action.player;
    if (action.type === "hold") {
      if (state.pot === 0) return refuse("dice.hold-empty", "roll at least once before holding");
      const scores = state.scores.slice();
      scores[action.player]! += state.pot;
      const won = scores[action.player]! >= GOAL;
      return ok({
        ...state,
        log,
        scores,
        pot: 0,
        current: won ? null : other,
        over: won,
        winners: won ? [action.player] : [],
      });
    }
    const [face0, rng] = nextInt(state.rng, 6);
    const face = face0 + 1;
    if (face === 1) return ok({ ...state, log, rng, last: 1, pot: 0, current: other });
    return ok({ ...state, log, rng, last: face, pot: state.pot + face });
  },
  legalActions(state) {
    if (state.over || state.current === null) return [];
    const player = state.current;
    return state.pot > 0
      ? [
          { type: "roll", player },
          { type: "hold", player },
        ]
      : [{ type: "roll", player }];
  },
  reveals: (_before, action) => action.type === "roll",
});

/** Hold at 8 or more, or when the pot wins: the hint values each legal action by that rule (1 for the advised). */
function advise(state: DiceState): DiceAction {
  const me = state.current!;
  const hold = state.pot >= 8 || state.scores[me]! + state.pot >= GOAL;
  return { type: hold && state.pot > 0 ? "hold" : "roll", player: me };
}

export const dice: GameModule<DiceTypes, { advise: typeof advise }> = {
  id: "dice",
  title: "Dice Race",
  engine: diceEngine,
  seats: { min: 2, max: 2, default: 2 },
  options: [],
  extras: (s) => ({ toWin: s.scores.map((v) => Math.max(0, GOAL - v)) }),
  hide: (s) => ({ ...s }),
  fromView(view) {
    const v = obj(view, "/state");
    if (!isObject(v) || v.game !== "dice") throw new RuleError("dice.view", "not a dice view");
    const state = { ...(v as unknown as DiceState), seed: "view", rng: 0 };
    return { state, mover: true };
  },
  loadSolver: async () => ({ advise }),
  hintKeys: [],
  readHintOptions: () => ({}),
  loadHints: async (solver) => {
    const s = await solver();
    return (state) => {
      const best = s.advise(state);
      return diceEngine
        .legalActions(state)
        .map((action) => ({ action, value: action.type === best.type ? 1 : 0 }));
    };
  },
  bots: {
    hold8: {
      about: "holds at 8",
      cheap: true,
      load: async (solver) => {
        const s = await solver();
        return (state) => s.advise(state);
      },
    },
  },
  botKeys: [],
  readBot: () => ({ bot: "hold8", work: {} }),
  cli: async () => ({
    scores: (s) => s.scores.slice(),
    picture: (s) =>
      `Dice Race to ${GOAL}: ${s.scores.map((v, i) => `${s.current === i ? "▶" : " "} seat ${i}: ${v}`).join("  ")}, pot ${s.pot}${s.over ? ", game over" : ""}`,
  }),
};

/** The registry with the fourth game: the one place it is registered. */
export const WITH_DICE: readonly GameModule[] = [...MODULES, dice as unknown as GameModule];

export { positionSeed };
