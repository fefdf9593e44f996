/**
 * Reading the elements' attributes, the same way in every element: a boolean-ish converter (`hints="false"` is
 * off) and the checks of the values that set up a game. A check answers a player-facing sentence naming the
 * attribute as written and the values it takes (`players="7" is not accepted: players must be 2 to 5.`), or
 * null; the element shows the sentences in place of the game until the attribute is fixed, and starts no game
 * meanwhile. The engines check the same options again in the worker (this only words the refusal for people).
 */
import { type ComplexAttributeConverter, html, type TemplateResult } from "lit";
import { MAX_SEED_LENGTH } from "../../engine/common/input.ts";

/** Attribute values that mean "off" for a boolean-ish attribute (compared trimmed, in any case). */
const OFF = new Set(["false", "off", "0", "no"]);

/**
 * A boolean attribute that also reads `"false"`, `"off"`, `"0"` and `"no"` as off: `hints`, `hints=""`,
 * `hints="true"` (any other value) are on; no attribute is off. Set from script, the property reflects as the
 * bare attribute (on) or no attribute (off).
 */
export const booleanish: ComplexAttributeConverter<boolean> = {
  fromAttribute: (value: string | null) => value !== null && !OFF.has(value.trim().toLowerCase()),
  toAttribute: (value: boolean) => (value ? "" : null),
};

/**
 * The grammar of a whole-number attribute: an optional leading `-` and digits, nothing else (no spaces, no sign
 * `+`, no `0x`, no exponent, no point). `players=" 2"`, `"0x2"`, `"2e0"`, `"2.0"` are refused, not read as 2.
 */
export const WHOLE = /^-?\d+$/;

/**
 * A whole-number attribute with a default: no attribute (or a removed one) is `fallback`; a value written as
 * {@link WHOLE} is its number; anything else is NaN, which the element's check refuses naming the text as written.
 * Set from script, the property is taken as it is (and checked the same way); it is not reflected.
 */
export function whole(fallback: number): ComplexAttributeConverter<number> {
  return { fromAttribute: (value: string | null) => (value === null ? fallback : strictWhole(value)) };
}

/** {@link whole} with no default: no attribute is null (`seat`: watching). */
export const wholeOrNull: ComplexAttributeConverter<number | null> = {
  fromAttribute: (value: string | null) => (value === null ? null : strictWhole(value)),
};

/** The number a {@link WHOLE} text writes, else NaN. */
export function strictWhole(text: string): number {
  return WHOLE.test(text) ? Number(text) : Number.NaN;
}

/** A text attribute with a default: no attribute (or a removed one) is `fallback`, not null. */
export function text<V extends string>(fallback: V): ComplexAttributeConverter<V> {
  return { fromAttribute: (value: string | null) => (value === null ? fallback : value) as V };
}

/** `name="value"` as the page wrote it (the attribute if there is one, else the property's value), shortened. */
function written(host: Element, name: string, value: unknown): string {
  // A removed numeric attribute reads as null (Lit's Number converter): shown as empty.
  const text = host.getAttribute(name) ?? (value === null || value === undefined ? "" : String(value));
  const cut = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  return `${name}="${cut}"`;
}

/** A whole number from `min` to `max` (a numeric attribute: a property of `type: Number`). */
export function checkWhole(
  host: Element,
  name: string,
  value: number,
  min: number,
  max: number,
  unit = "",
): string | null {
  if (Number.isInteger(value) && value >= min && value <= max) return null;
  return `${written(host, name, value)} is not accepted: ${name} must be a whole number from ${min} to ${max}${unit}.`;
}

/** The number of seats: `players must be 2 to 5` (the wording of issue #12). */
export function checkPlayers(host: Element, value: number, min: number, max: number): string | null {
  if (Number.isInteger(value) && value >= min && value <= max) return null;
  return `${written(host, "players", value)} is not accepted: players must be ${min} to ${max}.`;
}

/** One of a few words. */
export function checkOneOf(
  host: Element,
  name: string,
  value: string,
  allowed: readonly string[],
): string | null {
  if (allowed.includes(value)) return null;
  const list = `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}`;
  return `${written(host, name, value)} is not accepted: ${name} must be ${list}.`;
}

/**
 * The computer's seats: empty, or seat numbers from 0 to players − 1 separated by commas (`"1"`, `"1, 2"`): each
 * seat written as digits only (spaces around the commas are allowed), each seat once. Anything else (`bots="9"`
 * with two seats, `"x"`, `"0,0"`, `"1,,2"`, `"+1"`) is refused, never ignored: it would leave the computer idle.
 */
export function checkBots(host: Element, value: string, players: number): string | null {
  const tokens = value.split(",").map((t) => t.trim());
  const blank = tokens.every((t) => t === "");
  const seats = tokens.map(Number);
  const ok =
    blank ||
    (tokens.every((t) => /^\d+$/.test(t)) &&
      seats.every((n) => n < players) &&
      new Set(seats).size === seats.length);
  if (ok) return null;
  const example = players > 1 ? ` (e.g. bots="1")` : "";
  const range = players > 1 ? `from 0 to ${players - 1}` : "0";
  return `${written(host, "bots", value)} is not accepted: bots must list seats ${range}, each once, separated by commas${example}.`;
}

/** A seed: any text up to the engines' limit (digits are a number seed); no attribute is a random seed. */
export function checkSeed(host: Element, value: string | null): string | null {
  if (value === null || value.length <= MAX_SEED_LENGTH) return null;
  return `${written(host, "seed", value)} is not accepted: seed must be at most ${MAX_SEED_LENGTH} characters.`;
}

/** The problems found, in order, as one text ("" when there are none). */
export function problems(...found: (string | null)[]): string {
  return found.filter((p): p is string => p !== null).join(" ");
}

/**
 * Sets (or removes, for null) attributes so that they describe a game that was loaded, and answers the
 * properties that changed: the element then knows the new game is already the one those values describe.
 */
export function adoptAttributes(host: Element, values: Record<string, string | null>): Set<string> {
  const changed = new Set<string>();
  for (const [name, value] of Object.entries(values)) {
    if (host.getAttribute(name) === value) continue;
    if (value === null) host.removeAttribute(name);
    else host.setAttribute(name, value);
    changed.add(name);
  }
  return changed;
}

/** What an element shows while an attribute is not accepted: the sentences, as an alert, in place of the game. */
export function renderAttributeError(text: string): TemplateResult {
  return html`<div class="base" part="base">
    <p class="message error" part="message" role="alert" data-attribute-error>${text}</p>
  </div>`;
}
