/**
 * The Train Game in a terminal (the `rail` CLI, docs/cli.md): its text picture and scores, the hint report, and the
 * solver tools (`rail train ev|beat|race|hint …`, tools.ts, loaded on first use).
 */
import { trainEngine } from "../../engine/train/index.ts";
import { raceContext } from "../../solvers/train/race-context.ts";
import type { CliTool, GameCli } from "../types.ts";
import type { TrainGameTypes, TrainSolverBundle } from "./index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the picture reads the state as plain JSON, field by field
type Json = any;

const tool = (name: string): CliTool => ({
  run: async (args, host) => (await import("./tools.ts")).trainCommand([name, ...args], host),
});

export const trainCli: GameCli<TrainGameTypes, TrainSolverBundle> = {
  scores: (s) => [...s.scores],
  // The module's hints with the race they value (win chances in the race of the seat to move, web/solvers/train/race-context.ts: the one race context).
  hint: async (state, { hints }) => {
    const race = raceContext(state);
    return { seat: state.current, ...(race ? { race } : {}), options: await hints() };
  },
  commands: { ev: tool("ev"), beat: tool("beat"), race: tool("race"), hint: tool("hint") },
  picture(state) {
    const s = state as unknown as Json;
    const lines: string[] = [];
    const o = s.options;
    lines.push(
      `The Train Game — ${o.players} seat(s), ${o.variant}${o.variant === "race" ? ` to ${o.goal}` : ""}, seed ${JSON.stringify(s.seed)}, ${s.log.length} actions`,
    );
    for (let i = 0; i < o.players; i++) {
      const mark = s.current === i ? "▶" : " ";
      const out = (s.out as number[]).includes(i) ? " (out)" : "";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      lines.push(
        `${mark} seat ${i}: ${String(s.scores[i]).padStart(3)} points, ${s.turnsTaken[i]} turns${out}${won}`,
      );
    }
    if (s.target !== null) lines.push(`  target to beat: ${s.target} (set by seat ${s.targetSetter})`);
    if (s.over) lines.push("  game over");
    else {
      const t = s.turn;
      const cars = (t.train as string[]).length
        ? (t.train as string[]).map((f) => `[${f}]`).join("-")
        : "(empty)";
      lines.push(`  train:  ${cars}`);
      lines.push(
        `  dice:   ${(t.table as string[]).length ? (t.table as string[]).map((f) => `⟨${f}⟩`).join(" ") : "(none on the table)"}`,
      );
      lines.push(
        `  phase ${t.phase}, ${t.phase === "regular" ? `${t.rollsLeft} roll(s) left, ` : ""}banked ${t.banked}, waiting for ${[...new Set(trainEngine.legalActions(state).map((a) => a.type))].join(" / ")}`,
      );
    }
    if (s.lastRoll) lines.push(`  last roll (seat ${s.lastRoll.player}): ${s.lastRoll.faces.join(" ")}`);
    const h = s.history as { player: number; score: number; reason: string; train: string[] }[];
    for (const r of h.slice(-3))
      lines.push(`  seat ${r.player} scored ${r.score} (${r.reason}): ${r.train.join(" ")}`);
    lines.push("  faces: E engine, T tender, 4 3 2 cargo, C caboose");
    return lines.join("\n");
  },
};
