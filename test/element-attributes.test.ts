/**
 * Issue #12, attributes: the checks every element runs on its attributes (web/elements/common/attributes.ts)
 * answer a player-facing sentence naming the attribute as written and the values it takes; `bots="9"` is refused,
 * never ignored; the boolean-ish converter reads `hints="false"`, `"off"`, `"0"` as off. The elements show these
 * sentences in place of the game (test/e2e/{train,string,light}.test.ts check that in Chromium). The attribute
 * gate every element's `willUpdate` runs (web/elements/common/game-element.ts): which changes start a new game,
 * a start held back while an attribute is wrong, attributes an imported game set starting nothing; and the seat
 * names and game-over titles the three elements share.
 */
import { describe, expect, it } from "vitest";
import {
  booleanish,
  checkBots,
  checkOneOf,
  checkPlayers,
  checkSeed,
  checkWhole,
  problems,
  strictWhole,
  text,
  whole,
  wholeOrNull,
} from "../web/elements/common/attributes.ts";
import {
  AttributeGate,
  appendLog,
  gameOverTitle,
  LOG_LINES,
  seatName,
} from "../web/elements/common/game-element.ts";

/** A host with these attributes (the checks only read attributes). */
const host = (attrs: Record<string, string> = {}) =>
  ({ getAttribute: (n: string) => attrs[n] ?? null }) as unknown as Element;

describe("element attributes", () => {
  it("players: the issue's wording, from the attribute as written", () => {
    expect(checkPlayers(host({ players: "7" }), 7, 2, 5)).toBe(
      'players="7" is not accepted: players must be 2 to 5.',
    );
    expect(checkPlayers(host({ players: "two" }), Number.NaN, 2, 4)).toBe(
      'players="two" is not accepted: players must be 2 to 4.',
    );
    expect(checkPlayers(host({ players: "2.5" }), 2.5, 1, 6)).toMatch(/players must be 1 to 6/);
    expect(checkPlayers(host(), 3, 2, 5)).toBeNull();
    // A null property (set so from script) is shown as empty, not as "null".
    expect(checkPlayers(host(), null as unknown as number, 2, 5)).toBe(
      'players="" is not accepted: players must be 2 to 5.',
    );
  });

  it('bots: seats from 0 to players − 1, comma separated; bots="9" and bots="x" are refused', () => {
    expect(checkBots(host({ bots: "9" }), "9", 2)).toBe(
      'bots="9" is not accepted: bots must list seats from 0 to 1, each once, separated by commas (e.g. bots="1").',
    );
    expect(checkBots(host({ bots: "x" }), "x", 3)).toMatch(/^bots="x" is not accepted: .*from 0 to 2/);
    expect(checkBots(host(), "1,,2", 4)).toMatch(/not accepted/);
    expect(checkBots(host(), "-1", 4)).toMatch(/not accepted/);
    expect(checkBots(host(), "0", 1)).toBeNull();
    for (const ok of ["", " ", "1", "1, 2", "0,1,2,3"]) expect(checkBots(host(), ok, 4), ok).toBeNull();
  });

  it('issue #23 strict parsing: bots="0,0" (a seat twice), "+1", "1;2" are refused; spaces around commas are not', () => {
    for (const bad of ["0,0", "1, 1", "+1", "1;2", "1 2", "0x1", "1e0", "1.0", ",1", "1,"])
      expect(checkBots(host({ bots: bad }), bad, 4), bad).toMatch(
        /^bots=".*" is not accepted: bots must list seats from 0 to 3, each once, separated by commas/,
      );
    for (const ok of ["0, 1", " 2 ,3 ", "3,0"]) expect(checkBots(host(), ok, 4), ok).toBeNull();
  });

  it('issue #23 strict parsing: whole numbers are digits with an optional "-"; players=" 2", "0x2", "2e0" are refused', () => {
    const read = (v: string | null) => whole(2).fromAttribute!(v, Number);
    for (const bad of [
      " 2",
      "2 ",
      "0x2",
      "2e0",
      "2.0",
      "+2",
      "",
      "two",
      "--2",
      "2-",
      "0b10",
      "٢",
      "Infinity",
    ]) {
      expect(read(bad), JSON.stringify(bad)).toBeNaN();
      expect(checkPlayers(host({ players: bad }), read(bad), 2, 5), JSON.stringify(bad)).toBe(
        `players="${bad}" is not accepted: players must be 2 to 5.`,
      );
    }
    expect(read("3")).toBe(3);
    expect(read("-1")).toBe(-1);
    expect(read("007")).toBe(7);
    expect(strictWhole("12345678901234567890")).toBeGreaterThan(1e19); // then refused by the range check
    expect(checkWhole(host({ goal: "1e3" }), "goal", read("1e3"), 1, 100_000)).toMatch(/^goal="1e3" is not/);
  });

  it("issue #23 lifecycle: a removed attribute (null) is its default, not a refusal", () => {
    expect(whole(2).fromAttribute!(null, Number)).toBe(2);
    expect(whole(1000).fromAttribute!(null, Number)).toBe(1000);
    expect(wholeOrNull.fromAttribute!(null, Number)).toBeNull();
    expect(wholeOrNull.fromAttribute!("1", Number)).toBe(1);
    expect(wholeOrNull.fromAttribute!(" 1", Number)).toBeNaN();
    expect(text("race").fromAttribute!(null, String)).toBe("race");
    expect(text("").fromAttribute!(null, String)).toBe("");
    expect(text("race").fromAttribute!("elimination", String)).toBe("elimination");
    // The default the converter gives passes the element's check: no "players="" is not accepted" any more.
    expect(checkPlayers(host(), whole(2).fromAttribute!(null, Number), 2, 5)).toBeNull();
    expect(checkBots(host(), text("").fromAttribute!(null, String), 2)).toBeNull();
  });

  it("seed, one-of words and whole numbers name the attribute and the values taken", () => {
    expect(checkSeed(host(), null)).toBeNull();
    expect(checkSeed(host(), "any text, 42")).toBeNull();
    expect(checkSeed(host(), "x".repeat(1001))).toMatch(
      /^seed="x{40}…" is not accepted: seed must be at most 1000 characters\.$/,
    );
    expect(checkOneOf(host({ variant: "sprint" }), "variant", "sprint", ["race", "elimination"])).toBe(
      'variant="sprint" is not accepted: variant must be race or elimination.',
    );
    expect(checkWhole(host({ goal: "abc" }), "goal", Number.NaN, 1, 100_000, " points")).toBe(
      'goal="abc" is not accepted: goal must be a whole number from 1 to 100000 points.',
    );
    expect(checkWhole(host(), "goal", 20, 1, 100_000)).toBeNull();
    expect(problems(null, "a.", null, "b.")).toBe("a. b.");
    expect(problems(null)).toBe("");
  });

  it("hints: the boolean-ish converter (false, off, 0, no: off; bare, empty, true: on)", () => {
    const read = (v: string | null) => booleanish.fromAttribute!(v, Boolean);
    for (const off of ["false", "off", "0", "no", " FALSE ", "Off"]) expect(read(off), off).toBe(false);
    for (const on of ["", "true", "on", "1", "hints"]) expect(read(on), on).toBe(true);
    expect(read(null)).toBe(false);
    expect(booleanish.toAttribute!(true, Boolean)).toBe("");
    expect(booleanish.toAttribute!(false, Boolean)).toBeNull();
  });

  it("the attribute gate: a game-setting change starts a game, held back while an attribute is wrong", () => {
    const attrs = new Map<string, string>();
    const el = {
      getAttribute: (n: string) => attrs.get(n) ?? null,
      setAttribute: (n: string, v: string) => attrs.set(n, v),
      removeAttribute: (n: string) => attrs.delete(n),
    } as unknown as HTMLElement;
    const gate = new AttributeGate(el, ["players", "seed"]);
    const changed = (...keys: string[]) => new Map<PropertyKey, unknown>(keys.map((k) => [k, undefined]));
    expect(gate.step(changed(), true, "")).toEqual({ kind: "start" });
    expect(gate.step(changed("hints"), false, "")).toEqual({ kind: "same", hints: true, bots: false });
    expect(gate.step(changed("bots"), false, "")).toEqual({ kind: "same", hints: false, bots: true });
    expect(gate.step(changed("seed"), false, "")).toEqual({ kind: "start" });
    // players changed while bots is wrong: nothing starts, the error is shown; once fixed, the game starts.
    expect(gate.step(changed("players"), false, "bots wrong")).toEqual({ kind: "wrong" });
    expect(gate.error).toBe("bots wrong");
    expect(gate.step(changed("bots"), false, "")).toEqual({ kind: "start" });
    expect(gate.error).toBe("");
    // Wrong and fixed with no game-setting change meanwhile: the same game, hints and the computer resume.
    expect(gate.step(changed("bots"), false, "bots wrong")).toEqual({ kind: "wrong" });
    expect(gate.step(changed("bots"), false, "")).toEqual({ kind: "same", hints: true, bots: true });
    // An imported game sets the attributes that describe it: that change starts no new game (once).
    gate.adopt({ players: "3", bots: null });
    expect(attrs.get("players")).toBe("3");
    expect(gate.step(changed("players"), false, "")).toEqual({ kind: "same", hints: false, bots: false });
    expect(gate.step(changed("players"), false, "")).toEqual({ kind: "start" });
  });

  it("seat names and the game-over title are the same in every element", () => {
    const offline = (players: number, bots: string) => ({
      players,
      bots,
      server: null,
      match: null,
      seat: null,
    });
    expect(seatName(0, offline(2, "1"), [])).toBe("You");
    expect(seatName(1, offline(2, "1"), [])).toBe("Computer");
    expect(seatName(2, offline(3, "1,2"), [])).toBe("Computer 3");
    expect(seatName(1, offline(3, ""), [])).toBe("Player 2");
    // Online (server and match set): this element's seat is "You", the others go by the match's names.
    const online = { players: 3, bots: "", server: "http://localhost:8000", match: "m1", seat: 1 };
    const seats = [{ id: 0, name: "Ada" }, { id: 2 }];
    expect([0, 1, 2].map((s) => seatName(s, online, seats))).toEqual(["Ada", "You", "Player 3"]);
    expect(seatName(1, { ...online, match: null }, seats)).toBe("Player 2");
    const name = (s: number) => seatName(s, offline(4, ""), []);
    expect(gameOverTitle([2], name)).toBe("Game over: Player 3 wins.");
    expect(gameOverTitle([0], (s) => seatName(s, offline(2, "1"), []))).toBe("Game over: You win.");
    expect(gameOverTitle([0, 1, 3], name)).toBe("Game over: Player 1, Player 2 and Player 4 share the win.");
  });

  it("the game log keeps the newest LOG_LINES lines", () => {
    const full = Array.from({ length: LOG_LINES }, (_, i) => `line ${i}`);
    const next = appendLog(full, ["a", "b"]);
    expect(next).toHaveLength(LOG_LINES);
    expect(next.slice(-3)).toEqual([`line ${LOG_LINES - 1}`, "a", "b"]);
    expect(full).toHaveLength(LOG_LINES); // the old log is left as it was
  });
});
