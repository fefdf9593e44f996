/**
 * The Train Game engine, turn level: every rule of docs/rules/train-game.md as a named test, with the dice
 * injected through `applyRollFaces` (the deterministic part of a roll).
 */
import { describe, expect, it } from "vitest";
import { InputError, RuleError } from "../../web/engine/common/errors.ts";
import {
  applyAdd,
  applyBank,
  applyRollFaces,
  applyStop,
  canBank,
  checkRoll,
  checkStop,
  type Face,
  isBonusTrain,
  isFreightTrain,
  isValidTrain,
  legalAdds,
  makeTurn,
  newTurn,
  parseFaces,
  type StepResult,
  scoreTrain,
  type TurnState,
  turnScore,
} from "../../web/engine/train/index.ts";

const F = (s: string): Face[] => parseFaces(s);

/** Runs `fn` and returns the RuleError id it throws (fails if it throws nothing or something else). */
function ruleOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleError) return e.rule;
    throw e;
  }
  throw new Error("expected a RuleError");
}

function live(r: StepResult): TurnState {
  expect(r.ended).toBeUndefined();
  return r.turn;
}

describe("scoring helpers", () => {
  it("train.score: scores cargo, doubles with a Caboose (banked included), bonus train 25", () => {
    expect(scoreTrain(F("ET4"), 0)).toBe(4);
    expect(scoreTrain(F("ET432"), 0)).toBe(9);
    expect(scoreTrain(F("ET44C"), 0)).toBe(18);
    expect(scoreTrain(F("ET432C"), 0)).toBe(25);
    expect(isBonusTrain(F("ET432C"))).toBe(true);
    expect(isBonusTrain(F("ETE32C"))).toBe(false);
    expect(scoreTrain(F("ETE32C"), 10)).toBe((10 + 3 + 2 + 1) * 2);
    expect(scoreTrain(F("ETE"), 19)).toBe(19);
  });

  it("train.score: an invalid train scores 0 (Equipment Shortage)", () => {
    expect(isValidTrain(F("ET"))).toBe(false);
    expect(isValidTrain(F("E"))).toBe(false);
    expect(isValidTrain(F("ETC"))).toBe(true);
    expect(scoreTrain(F("ET"), 0)).toBe(0);
    expect(scoreTrain([], 0)).toBe(0);
    expect(scoreTrain(F("44"), 0)).toBe(0);
  });

  it("train.score: recognises the freight train: 2E, T and three non-Caboose cargo", () => {
    expect(isFreightTrain(F("ETE442"))).toBe(true);
    expect(isFreightTrain(F("ET4442"))).toBe(false);
    expect(isFreightTrain(F("ETE44C"))).toBe(false);
    expect(isFreightTrain(F("ETE44"))).toBe(false);
  });

  it("train.score: parseFaces reads command-line faces", () => {
    expect(parseFaces("E,T,4")).toEqual(["E", "T", "4"]);
    expect(parseFaces("e t c")).toEqual(["E", "T", "C"]);
    expect(parseFaces("")).toEqual([]);
    expect(() => parseFaces("E,X")).toThrow(InputError);
  });
});

describe("the rulebook's worked example", () => {
  it("train.rulebook-example: no Engine → reroll; E T 4 4 +E; Caboose rerolled → Boxcar; bank 10; 3 2 C would be 32; Tanker; bank 19; wreck", () => {
    // Roll 1: 3 Boxcars, 1 Caboose, 2 Tenders. No Engine: nothing joins, the roll is spent.
    let t = live(applyRollFaces(newTurn(), F("222CTT")));
    expect(t).toEqual({ phase: "regular", rollsLeft: 2, train: [], banked: 0, step: "roll", table: [] });

    // Roll 2: 2 Tankers, 2 Engines, 1 Tender, 1 Caboose. Engine and Tender join automatically.
    t = live(applyRollFaces(t, F("44EETC")));
    expect(t.train).toEqual(["E", "T"]);
    expect(t.table).toEqual(["4", "4", "E", "C"]);
    expect(t.step).toBe("add");
    expect(t.rollsLeft).toBe(1);
    // The player could also have played the Caboose: (4 + 4 + 1) × 2 = 18, turn over.
    expect(applyAdd(t, F("44C")).ended).toEqual({ score: 18, reason: "caboose" });
    // Instead: the two Tankers and the second Engine; the Caboose is rerolled.
    t = live(applyAdd(t, F("E44")));
    expect(t.train).toEqual(["E", "T", "E", "4", "4"]);
    expect(canBank(t)).toBe(false);

    // Roll 3 (the last regular roll): a Boxcar. All six dice used, 4 + 4 + 2 = 10.
    t = live(applyRollFaces(t, F("2")));
    t = live(applyAdd(t, F("2")));
    expect(t.rollsLeft).toBe(0);
    expect(turnScore(t)).toBe(10);
    expect(canBank(t)).toBe(true);

    // Bank the 10 and pick the three cargo dice up.
    t = live(applyBank(t));
    expect(t).toEqual({
      phase: "freight",
      rollsLeft: 0,
      train: ["E", "T", "E"],
      banked: 10,
      step: "roll",
      table: [],
    });

    // Freight roll: Ore car, Boxcar, Caboose. All added would score (10 + 3 + 2 + 1) × 2 = 32.
    t = live(applyRollFaces(t, F("32C")));
    expect(applyAdd(t, F("32C")).ended).toEqual({ score: 32, reason: "caboose" });
    // Greedy: add Ore car and Boxcar, reroll the Caboose → Tanker.
    t = live(applyAdd(t, F("32")));
    t = live(applyRollFaces(t, F("4")));
    t = live(applyAdd(t, F("4")));
    expect(canBank(t)).toBe(true);
    t = live(applyBank(t));
    expect(t.banked).toBe(19);

    // Roll Engine, Tender, Tender: nothing playable. Train Wreck, 0, banked points included.
    const wreck = applyRollFaces(t, F("ETT"));
    expect(wreck.ended).toEqual({ score: 0, reason: "wreck" });
  });
});

describe("regular phase", () => {
  it("train.regular: first Engine then first Tender join automatically, both from one roll", () => {
    const t = live(applyRollFaces(newTurn(), F("TE4432")));
    expect(t.train).toEqual(["E", "T"]);
    expect(t.table).toEqual(["4", "4", "3", "2"]);
  });

  it("train.regular: a Tender without an Engine does not join; the roll is spent", () => {
    const t = live(applyRollFaces(newTurn(), F("T4432C")));
    expect(t.train).toEqual([]);
    expect(t.step).toBe("roll");
    expect(t.rollsLeft).toBe(2);
  });

  it("train.regular: an Engine without a Tender: the Engine joins, the rest is rerolled", () => {
    const t = live(applyRollFaces(newTurn(), F("E4432C")));
    expect(t).toEqual({ phase: "regular", rollsLeft: 2, train: ["E"], banked: 0, step: "roll", table: [] });
  });

  it("train.regular: a roll that gives no choice after E+T is spent (only Tenders on the table)", () => {
    const t0 = makeTurn({ train: F("ET4"), rollsLeft: 2 });
    const t = live(applyRollFaces(t0, F("TTT")));
    expect(t).toEqual({ ...t0, rollsLeft: 1 });
  });

  it("train.regular: adding nothing is allowed in the regular phase: it spends the roll", () => {
    const t0 = makeTurn({ train: F("ET"), table: F("4432"), rollsLeft: 2 });
    expect(legalAdds(t0)[0]).toEqual([]);
    const t = live(applyAdd(t0, []));
    expect(t).toEqual({ ...t0, step: "roll", table: [] });
  });

  it("train.regular: Caboose ends the turn at once and doubles", () => {
    const t = makeTurn({ train: F("ET4"), table: F("3CT"), rollsLeft: 1 });
    const r = applyAdd(t, F("3C"));
    expect(r.ended).toEqual({ score: (4 + 3 + 1) * 2, reason: "caboose" });
    expect(r.turn.train).toEqual(F("ET43C"));
  });

  it("train.regular: a Caboose alone doubles a one-car train: E T C scores 2", () => {
    const t = makeTurn({ train: F("ET"), table: F("C444"), rollsLeft: 2 });
    expect(applyAdd(t, F("C")).ended).toEqual({ score: 2, reason: "caboose" });
  });

  it("train.regular: bonus train: one each of E, T, 4, 3, 2, C scores 25", () => {
    const t = live(applyRollFaces(newTurn(), F("ET432C")));
    expect(applyAdd(t, F("432C")).ended).toEqual({ score: 25, reason: "caboose" });
  });

  it("train.roll-first: no stop at the start of a turn (nothing rolled); a stop after a roll with no Engine is a shortage", () => {
    expect(checkStop(newTurn())?.rule).toBe("train.roll-first");
    expect(() => applyStop(newTurn())).toThrow(RuleError);
    // One roll spent without an Engine: the train is empty but a roll was made, so the stop is allowed.
    expect(checkStop(makeTurn({ train: [], rollsLeft: 2 }))).toBeNull();
    expect(applyStop(makeTurn({ train: [], rollsLeft: 2 })).ended).toEqual({ score: 0, reason: "shortage" });
  });

  it("train.regular: Equipment Shortage when stopping with an invalid train", () => {
    expect(applyStop(makeTurn({ train: F("E"), rollsLeft: 2 })).ended).toEqual({
      score: 0,
      reason: "shortage",
    });
    expect(applyStop(makeTurn({ train: F("ET"), rollsLeft: 1 })).ended).toEqual({
      score: 0,
      reason: "shortage",
    });
  });

  it("train.regular: stopping with a valid train scores it; dice on the table are ignored", () => {
    expect(applyStop(makeTurn({ train: F("ET4"), rollsLeft: 1 })).ended).toEqual({
      score: 4,
      reason: "stop",
    });
    const withTable = makeTurn({ train: F("ET4"), table: F("444"), rollsLeft: 1 });
    expect(applyStop(withTable).ended).toEqual({ score: 4, reason: "stop" });
  });

  it("train.regular: Equipment Shortage after the third roll: no Engine/Tender, or E+T and no cargo", () => {
    const noTender = makeTurn({ train: F("E"), rollsLeft: 1 });
    const short = applyRollFaces(noTender, F("44444"));
    expect(short.ended).toEqual({ score: 0, reason: "shortage" });
    expect(short.turn).toMatchObject({ rollsLeft: 0, train: F("E"), step: "add", table: F("44444") });
    const noEngine = makeTurn({ train: [], rollsLeft: 1 });
    expect(applyRollFaces(noEngine, F("TTTTTT")).ended).toEqual({ score: 0, reason: "shortage" });
    const onlyTenders = applyRollFaces(makeTurn({ train: [], rollsLeft: 1 }), F("ETTTTT"));
    expect(onlyTenders.ended).toEqual({ score: 0, reason: "shortage" });
    const nothingAdded = live(applyRollFaces(makeTurn({ train: F("E"), rollsLeft: 1 }), F("T4432")));
    expect(applyAdd(nothingAdded, []).ended).toEqual({ score: 0, reason: "shortage" });
  });

  it("train.regular: after the third roll a valid train scores (out of rolls)", () => {
    const t = live(applyRollFaces(makeTurn({ train: F("ET4"), rollsLeft: 1 }), F("332")));
    expect(applyAdd(t, []).ended).toEqual({ score: 4, reason: "out-of-rolls" });
    expect(applyAdd(t, F("33")).ended).toEqual({ score: 10, reason: "out-of-rolls" });
    // A third roll with nothing to choose ends the turn at once with the train's score.
    expect(applyRollFaces(makeTurn({ train: F("ET4"), rollsLeft: 1 }), F("TTT")).ended).toEqual({
      score: 4,
      reason: "out-of-rolls",
    });
  });

  it("train.regular: a full train with one Engine (E, T, four cargo) ends the turn and scores", () => {
    const t = makeTurn({ train: F("ET44"), table: F("32"), rollsLeft: 1 });
    expect(applyAdd(t, F("32")).ended).toEqual({ score: 13, reason: "full" });
  });

  it("train.regular: second Engine may join after E+T, also from the roll that brought them", () => {
    const t = live(applyRollFaces(newTurn(), F("EET444")));
    expect(legalAdds(t)).toContainEqual(["E"]);
    expect(live(applyAdd(t, F("E"))).train).toEqual(F("ETE"));
  });

  it("train.third-engine: no third Engine", () => {
    const t = makeTurn({ train: F("ETE"), table: F("E43"), rollsLeft: 1 });
    expect(ruleOf(() => applyAdd(t, F("E")))).toBe("train.third-engine");
    const t2 = makeTurn({ train: F("ET"), table: F("EE43"), rollsLeft: 2 });
    expect(ruleOf(() => applyAdd(t2, F("EE")))).toBe("train.third-engine");
    expect(legalAdds(t2).every((c) => c.filter((f) => f === "E").length <= 1)).toBe(true);
  });

  it("train.second-tender: no second Tender", () => {
    const t = makeTurn({ train: F("ET"), table: F("T443"), rollsLeft: 2 });
    expect(ruleOf(() => applyAdd(t, F("T4")))).toBe("train.second-tender");
  });

  it("train.second-caboose: no second Caboose", () => {
    const t = makeTurn({ train: F("ET"), table: F("CC43"), rollsLeft: 2 });
    expect(ruleOf(() => applyAdd(t, F("CC")))).toBe("train.second-caboose");
    expect(legalAdds(t).some((c) => c.filter((f) => f === "C").length > 1)).toBe(false);
  });

  it("train.not-on-table, train.too-many-dice: a face not on the table, and too many dice, are refused", () => {
    const t = makeTurn({ train: F("ET4"), table: F("432"), rollsLeft: 1 });
    expect(ruleOf(() => applyAdd(t, F("C")))).toBe("train.not-on-table");
    expect(ruleOf(() => applyAdd(t, F("44")))).toBe("train.not-on-table");
    expect(ruleOf(() => applyAdd(t, F("4322")))).toBe("train.too-many-dice");
  });

  it("train.engine-tender-first: no cargo before Engine and Tender", () => {
    const t = makeTurn({ train: F("E"), rollsLeft: 2 });
    expect(ruleOf(() => applyAdd(t, F("4")))).toBe("train.engine-tender-first");
  });

  it("train.wrong-step: wrong step: add before a roll, roll before choosing", () => {
    expect(ruleOf(() => applyAdd(makeTurn({ train: F("ET4"), rollsLeft: 2 }), F("4")))).toBe(
      "train.wrong-step",
    );
    const adding = makeTurn({ train: F("ET"), table: F("4432"), rollsLeft: 2 });
    expect(ruleOf(() => applyRollFaces(adding, F("4432")))).toBe("train.wrong-step");
  });

  it("train.no-rolls-left: no roll when the regular rolls are used", () => {
    // Unreachable in play (the turn ends first) but the check still stands for hand-made objects.
    const t: TurnState = {
      phase: "regular",
      rollsLeft: 0,
      train: F("ET4"),
      banked: 0,
      step: "roll",
      table: [],
    };
    expect(checkRoll(t)?.rule).toBe("train.no-rolls-left");
  });

  it("train.regular: a roll must give exactly one face per die not in the train", () => {
    expect(() => applyRollFaces(newTurn(), F("ET4"))).toThrow(InputError);
    expect(() => applyRollFaces(newTurn(), ["E", "T", "4", "3", "2", "X"] as Face[])).toThrow(InputError);
  });

  it("train.regular: legalAdds lists every distinct choice", () => {
    const t = makeTurn({ train: F("ET"), table: F("44EC"), rollsLeft: 1 });
    const adds = legalAdds(t);
    expect(adds).toHaveLength(2 * 3 * 2); // E 0..1 × 4 0..2 × C 0..1
    expect(new Set(adds.map((a) => a.join(""))).size).toBe(adds.length);
    expect(adds).toContainEqual(["E", "4", "4", "C"]);
    expect(legalAdds(makeTurn({ train: F("ET4"), rollsLeft: 2 }))).toEqual([]);
  });
});

describe("freight cycles", () => {
  const full = (): TurnState => makeTurn({ train: F("ETE443"), rollsLeft: 1 });

  it("train.bank-not-allowed: bank only when eligible: 2E, T, three non-Caboose cargo, between rolls", () => {
    expect(canBank(full())).toBe(true);
    const r = live(applyBank(full()));
    expect(r).toEqual({
      phase: "freight",
      rollsLeft: 0,
      train: F("ETE"),
      banked: 11,
      step: "roll",
      table: [],
    });
    expect(ruleOf(() => applyBank(makeTurn({ train: F("ETE44"), rollsLeft: 1 })))).toBe(
      "train.bank-not-allowed",
    );
    expect(ruleOf(() => applyBank(makeTurn({ train: F("ET44"), rollsLeft: 1 })))).toBe(
      "train.bank-not-allowed",
    );
    expect(ruleOf(() => applyBank(newTurn()))).toBe("train.bank-not-allowed");
    const adding = makeTurn({ train: F("ETE4"), table: F("43"), rollsLeft: 1 });
    expect(ruleOf(() => applyBank(adding))).toBe("train.bank-not-allowed");
  });

  it("train.train-full: the full freight train cannot roll: bank or stop", () => {
    expect(ruleOf(() => applyRollFaces(full(), []))).toBe("train.train-full");
    expect(applyStop(full()).ended).toEqual({ score: 11, reason: "stop" });
  });

  it("train.freight: bank is offered right after the third regular roll", () => {
    const t = live(applyRollFaces(makeTurn({ train: F("ETE4"), rollsLeft: 1 }), F("43")));
    const filled = live(applyAdd(t, F("43")));
    expect(filled.rollsLeft).toBe(0);
    expect(canBank(filled)).toBe(true);
  });

  it("train.freight-must-add: freight roll: at least one die must be added; stopping instead is refused", () => {
    const t = live(applyRollFaces(live(applyBank(full())), F("4TE")));
    expect(ruleOf(() => applyAdd(t, []))).toBe("train.freight-must-add");
    expect(ruleOf(() => applyStop(t))).toBe("train.freight-must-add");
    expect(legalAdds(t)).toEqual([["4"]]);
    const late = makeTurn({ train: F("ETE43"), table: F("2"), banked: 30 });
    expect(ruleOf(() => applyStop(late))).toBe("train.freight-must-add");
    expect(applyAdd(late, F("2")).turn.train).toEqual(F("ETE432"));
  });

  it("train.third-engine, train.second-tender: freight roll: Engine and Tender are never playable", () => {
    const t = live(applyRollFaces(live(applyBank(full())), F("4TE")));
    expect(ruleOf(() => applyAdd(t, F("E")))).toBe("train.third-engine");
    expect(ruleOf(() => applyAdd(t, F("T")))).toBe("train.second-tender");
  });

  it("train.freight: Train Wreck when no rolled die is playable: 0, banked points included", () => {
    const t = live(applyBank(full()));
    expect(applyRollFaces(t, F("EET")).ended).toEqual({ score: 0, reason: "wreck" });
    const one = makeTurn({ train: F("ETE43"), banked: 12 });
    expect(applyRollFaces(one, F("T")).ended).toEqual({ score: 0, reason: "wreck" });
  });

  it("train.freight: Caboose in freight doubles banked + cargo + 1", () => {
    const t = makeTurn({ train: F("ETE4"), table: F("C3"), banked: 10 });
    expect(applyAdd(t, F("C")).ended).toEqual({ score: (10 + 4 + 1) * 2, reason: "caboose" });
    const big = makeTurn({ train: F("ETE43"), table: F("C"), banked: 57 });
    expect(applyAdd(big, F("C")).ended).toEqual({ score: (57 + 4 + 3 + 1) * 2, reason: "caboose" });
  });

  it("train.freight: between freight rolls the player may stop: banked + current cargo", () => {
    expect(applyStop(makeTurn({ train: F("ETE4"), banked: 10 })).ended).toEqual({
      score: 14,
      reason: "stop",
    });
    expect(applyStop(makeTurn({ train: F("ETE"), banked: 10 })).ended).toEqual({ score: 10, reason: "stop" });
  });

  it("train.freight: no roll limit in the freight phase; bank again each time the slots fill", () => {
    let t = live(applyBank(full()));
    for (let cycle = 0; cycle < 4; cycle++) {
      for (const roll of ["2TT", "2T", "2"]) {
        t = live(applyRollFaces(t, F(roll)));
        t = live(applyAdd(t, F("2")));
      }
      expect(canBank(t)).toBe(true);
      t = live(applyBank(t));
    }
    expect(t.banked).toBe(11 + 4 * 6);
    expect(t.train).toEqual(F("ETE"));
  });
});

describe("makeTurn", () => {
  it("train.position: builds the CLI's hint position with defaults", () => {
    expect(makeTurn({ train: F("ET4"), table: F("43C"), rollsLeft: 1 })).toEqual({
      phase: "regular",
      rollsLeft: 1,
      train: F("ET4"),
      banked: 0,
      step: "add",
      table: F("43C"),
    });
    expect(makeTurn({ train: [] })).toEqual(newTurn());
    expect(makeTurn({ train: F("ETE"), banked: 12 }).phase).toBe("freight");
  });

  it.each([
    ["cargo before E+T", { train: F("E4"), rollsLeft: 2 }],
    ["seven dice", { train: F("ET4"), table: F("4444"), rollsLeft: 1 }],
    ["two tenders", { train: F("ETT"), rollsLeft: 1 }],
    ["three engines", { train: F("ETEE"), rollsLeft: 1 }],
    ["a Caboose in a live train", { train: F("ET4C"), rollsLeft: 1 }],
    ["a Tender before an Engine", { train: F("T"), rollsLeft: 2 }],
    ["a full one-Engine train", { train: F("ET4444"), rollsLeft: 1 }],
    ["an automatic Tender still on the table", { train: F("E"), table: F("T4444"), rollsLeft: 1 }],
    ["nothing playable on the table", { train: F("ET"), table: F("TTTT"), rollsLeft: 1 }],
    [
      "banked points in the regular phase",
      { train: F("ETE"), banked: 10, phase: "regular" as const, rollsLeft: 1 },
    ],
    ["a freight train with one Engine", { train: F("ET4"), banked: 10 }],
    ["a freight wreck on the table", { train: F("ETE"), table: F("ETT"), banked: 10 }],
    ["rolls left out of range", { train: F("ET4"), rollsLeft: 3 }],
    ["a cargo train without a roll", { train: F("ET4"), table: F("432"), rollsLeft: 2 }],
    ["a bad face", { train: ["E", "X"] as Face[], rollsLeft: 1 }],
  ])("refuses %s", (_name, spec) => {
    expect(() => makeTurn(spec)).toThrow(InputError);
  });
});
