/**
 * The Train Game's "How to play" text (`<train-game>`'s help panel, web/elements/common/help.ts), drawn from
 * docs/rules/train-game.md; every rule id cited here is one of that page's (test/help.test.ts).
 */
import type { HelpText } from "../../elements/common/help.ts";

export const TRAIN_HELP: HelpText = {
  summary:
    "Roll six dice and build a train: an Engine, then a Coal Tender, then cargo. Stop in time to score it, or push your luck.",
  sections: [
    {
      heading: "Your turn",
      points: [
        "Every turn starts with a roll (train.roll-first); you have three rolls.",
        "The first Engine and then the first Coal Tender join by themselves. Until both are in, or when no rolled die may join, the roll is spent: the dice show on the table and you roll again (after the third roll the turn ends).",
        "With Engine and Tender in, pick any of the rolled cargo (Tanker 4, Ore car 3, Boxcar 2, Caboose 1) and at most one second Engine, then Add. Adding nothing just spends the roll.",
        "Never a third Engine (train.third-engine), a second Tender (train.second-tender) or a second Caboose (train.second-caboose).",
        "Between rolls you may Stop and score the train. Undo takes back your last pick or bank of this turn, never a roll (train.undo-reveal).",
      ],
    },
    {
      heading: "Scoring",
      points: [
        "A train scores its cargo; with a Caboose the whole score is doubled. Exactly one each of Engine, Tender, 4, 3, 2 and Caboose is a bonus train: 25.",
        "The Caboose ends the turn at once. A train without Engine, Tender and some cargo at the end is an Equipment Shortage: 0.",
      ],
    },
    {
      heading: "Freight runs",
      points: [
        "Two Engines, a Tender and three cargo cars without a Caboose use all six dice: bank the cargo points (the cargo dice come back) or stop (train.train-full: no dice are left to roll).",
        "After banking there is no roll limit, but every roll must add a cargo die (train.freight-must-add); a roll with none is a Train Wreck, and the turn scores 0, banked points included.",
      ],
    },
    {
      heading: "Winning",
      points: [
        "Race: the first to the goal wins once every seat has had the same number of turns; the highest total wins, ties share.",
        "Elimination: the first scoring train sets the target; each later player must beat it or is out. The last seat in wins.",
      ],
    },
  ],
  source: "docs/rules/train-game.md",
};

/**
 * The engine's undo refusals (docs/rules/train-game.md § Undo) in a player's words, for the status line. A refusal
 * not listed here shows the engine's own message.
 */
export const TRAIN_UNDO_WORDS: Readonly<Record<string, string>> = {
  "train.undo-nothing": "There is nothing to take back yet.",
  "train.undo-not-yours": "Only your own last pick or bank can be taken back, on your turn.",
  "train.undo-turn-over": "That ended the turn, so it cannot be taken back.",
  "train.undo-reveal": "A roll cannot be taken back: the dice have been seen. Pick from them, or stop.",
};
