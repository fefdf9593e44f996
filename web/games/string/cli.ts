/**
 * String Railway in a terminal (the `rail` CLI, docs/cli.md): its text picture and scores, the hint report, and the
 * game's own tools (`rail string score|cost|bot …`, tools.ts; `rail string pairs FILE`, pairs.ts), loaded on first
 * use.
 */

import type { StringSolver } from "../../solvers/string/solver.ts";
import type { CliTool, GameCli } from "../types.ts";
import type { StringGameTypes } from "./index.ts";

// biome-ignore lint/suspicious/noExplicitAny: the picture reads the state as plain JSON, field by field
type Json = any;
const CUBE_LETTERS: Record<string, string> = {
  red: "r",
  blue: "b",
  purple: "p",
  yellow: "y",
  green: "g",
  white: "w",
};
const counts = (c: Record<string, number>) =>
  Object.entries(c)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n}${CUBE_LETTERS[k] ?? k}`)
    .join(" ") || "-";

const tool = (name: string): CliTool => ({
  run: async (args, host) => (await import("./tools.ts")).stringCommand([name, ...args], host),
});

export const stringCli: GameCli<StringGameTypes, StringSolver> = {
  scores: (s) => (s.result ? [...s.result.points] : s.seats.map(() => 0)),
  // The solver bot's move and the five best strings to lay, from the module's solver (the module's hints rank
  // transport plans and long-distance routes first: the widget's list, not this report).
  hint: async (state, { solver }) => {
    const seat = state.current;
    if (seat === null) return { seat: null, suggestion: null, strings: [] };
    const s = await solver();
    const strings = s
      .stringHints(state, seat, 5)
      .map((h) => ({ action: h.action, ap: h.ap, crossings: h.crossings, value: h.value }));
    return { seat, suggestion: s.botAction(state), strings };
  },
  commands: {
    score: tool("score"),
    cost: tool("cost"),
    bot: tool("bot"),
    pairs: { run: async (args, host) => (await import("./pairs.ts")).stringPairs(args, host) },
  },
  picture(state) {
    const s = state as unknown as Json;
    const W = 60;
    const H = 26;
    const poly = s.board.polygon as number[];
    let x0 = Infinity,
      y0 = Infinity,
      x1 = -Infinity,
      y1 = -Infinity;
    for (let i = 0; i < poly.length; i += 2) {
      x0 = Math.min(x0, poly[i]!);
      x1 = Math.max(x1, poly[i]!);
      y0 = Math.min(y0, poly[i + 1]!);
      y1 = Math.max(y1, poly[i + 1]!);
    }
    const grid = Array.from({ length: H }, () => new Array<string>(W).fill(" "));
    const put = (x: number, y: number, ch: string) => {
      const c = Math.round(((x - x0) / (x1 - x0 || 1)) * (W - 1));
      const r = Math.round(((y - y0) / (y1 - y0 || 1)) * (H - 1));
      if (r >= 0 && r < H && c >= 0 && c < W) grid[r]![c] = ch;
    };
    const line = (pts: number[], ch: string, closed: boolean) => {
      const n = pts.length >> 1;
      for (let i = 0; i < (closed ? n : n - 1); i++) {
        const ax = pts[2 * i]!,
          ay = pts[2 * i + 1]!;
        const bx = pts[2 * ((i + 1) % n)]!,
          by = pts[2 * ((i + 1) % n) + 1]!;
        const steps = Math.max(2, Math.ceil(Math.hypot(bx - ax, by - ay)));
        for (let k = 0; k <= steps; k++) put(ax + ((bx - ax) * k) / steps, ay + ((by - ay) * k) / steps, ch);
      }
    };
    line(poly, "#", true);
    line(s.board.mountain as number[], "^", true);
    (s.seats as { strings: { path: number[] }[] }[]).forEach((seat, i) => {
      for (const st of seat.strings) line(st.path, String(i), false);
    });
    const stations = s.stations as {
      id: string;
      kind: string;
      colour: string | null;
      x: number;
      y: number;
    }[];
    const label = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(97 + i - 26));
    stations.forEach((st, i) => {
      put(st.x, st.y, label(i));
    });
    const lines: string[] = [];
    lines.push(
      `String Railway — ${s.options.players} seats, seed ${JSON.stringify(s.seed)}, round ${s.round}/5, ${s.phase}, ${s.log.length} actions${s.over ? ", game over" : ""}`,
    );
    lines.push(...grid.map((row) => `  ${row.join("")}`));
    lines.push("  # board  ^ mountain  0-4 strings by seat  A… stations:");
    stations.forEach((st, i) => {
      lines.push(`  ${label(i)} ${st.id.padEnd(12)} ${st.kind.padEnd(9)} cubes ${counts(s.stationCubes[i])}`);
    });
    (
      s.seats as {
        loco: number;
        shortLeft: number;
        longLeft: number;
        pile: Record<string, number>;
        tiles: { id: number; flipped: boolean }[];
        strings: unknown[];
      }[]
    ).forEach((seat, i) => {
      const mark = s.current === i ? "▶" : " ";
      const won = s.winners.includes(i) ? " ★ winner" : "";
      const pts = s.result ? ` ${s.result.points[i]} points` : "";
      lines.push(
        `${mark} seat ${i}: loco ${seat.loco}, strings left ${seat.shortLeft} short ${seat.longLeft} long, placed ${seat.strings.length}, pile ${counts(seat.pile)}, tiles ${seat.tiles.map((t) => `${t.id}${t.flipped ? "(flipped)" : ""}`).join(" ") || "-"}${pts}${won}`,
      );
    });
    if (!s.over)
      lines.push(
        `  seat ${s.current} to act: step ${s.step}, ${s.ap} AP${s.choice ? `, keep one tile of ${s.choice.tiles.join(", ")}` : ""}`,
      );
    lines.push(`  bag ${counts(s.bag)}`);
    return lines.join("\n");
  },
};
