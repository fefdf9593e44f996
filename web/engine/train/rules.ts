/**
 * The Train Game: what a train is worth and what it may hold (docs/rules/train-game.md § Dice and train, § Score).
 * Pure functions over face lists; no turn flow here (see turn.ts).
 */
import { CARGO_VALUE, type Face } from "./types.ts";

/** Number of dice in the game. */
export const DICE = 6;

/** Faces that are cargo (they score): Tanker 4, Ore car 3, Boxcar 2, Caboose 1. */
export const CARGO_FACES: readonly Face[] = ["4", "3", "2", "C"];

/** Canonical order of faces (used to sort the cars added by one `add`, and the choices of `legalAdds`). */
export const FACE_ORDER: Readonly<Record<Face, number>> = { E: 0, T: 1, "4": 2, "3": 3, "2": 4, C: 5 };

const FACE_SET: ReadonlySet<string> = new Set(["E", "T", "4", "3", "2", "C"]);

export function isFace(x: unknown): x is Face {
  return typeof x === "string" && FACE_SET.has(x);
}

export function isCargo(f: Face): boolean {
  return f !== "E" && f !== "T";
}

export function count(faces: readonly Face[], f: Face): number {
  let n = 0;
  for (const x of faces) if (x === f) n++;
  return n;
}

/** Face counts, indexed by face. */
export function counts(faces: readonly Face[]): Record<Face, number> {
  const c: Record<Face, number> = { E: 0, T: 0, "4": 0, "3": 0, "2": 0, C: 0 };
  for (const f of faces) c[f]++;
  return c;
}

/** A copy sorted in canonical order E, T, 4, 3, 2, C. */
export function sortFaces(faces: readonly Face[]): Face[] {
  return faces.slice().sort((a, b) => FACE_ORDER[a] - FACE_ORDER[b]);
}

/** Sum of cargo values (`4`,`3`,`2`, `C` = 1). */
export function cargoSum(train: readonly Face[]): number {
  let s = 0;
  for (const f of train) s += CARGO_VALUE[f];
  return s;
}

/** Number of cargo cars (Caboose included). */
export function cargoCount(train: readonly Face[]): number {
  let n = 0;
  for (const f of train) if (isCargo(f)) n++;
  return n;
}

/** Has an Engine and a Tender: cargo may join. */
export function hasEngineAndTender(train: readonly Face[]): boolean {
  return train.includes("E") && train.includes("T");
}

/**
 * A train is valid (it scores) when it has an Engine, a Tender and at least one cargo car (`C` counts).
 * Stopping with an invalid train, or ending the third regular roll with one, is an Equipment Shortage.
 */
export function isValidTrain(train: readonly Face[]): boolean {
  return hasEngineAndTender(train) && cargoCount(train) > 0;
}

/** Exactly one each of E, T, 4, 3, 2, C: scores 25. */
export function isBonusTrain(train: readonly Face[]): boolean {
  if (train.length !== DICE) return false;
  const c = counts(train);
  return c.E === 1 && c.T === 1 && c["4"] === 1 && c["3"] === 1 && c["2"] === 1 && c.C === 1;
}

/**
 * The freight condition: two Engines, one Tender and three cargo cars, none a Caboose (all six dice
 * used). The player may then `bank` the three cargo values and roll those three dice again.
 */
export function isFreightTrain(train: readonly Face[]): boolean {
  if (train.length !== DICE) return false;
  const c = counts(train);
  return c.E === 2 && c.T === 1 && c.C === 0 && c["4"] + c["3"] + c["2"] === 3;
}

/**
 * Score of a train with `banked` freight points: cargo sum + banked, all doubled with a Caboose; the bonus
 * train (one each of E, T, 4, 3, 2, C, nothing banked) scores 25. A train that would be an Equipment
 * Shortage scores 0: no Engine or no Tender, or no cargo and nothing banked. (In the freight phase the
 * train has E, E, T; with banked points it scores banked + cargo even before any cargo joined again.)
 */
export function scoreTrain(train: readonly Face[], banked: number): number {
  if (!hasEngineAndTender(train)) return 0;
  if (cargoCount(train) === 0 && banked <= 0) return 0;
  if (banked <= 0 && isBonusTrain(train)) return 25;
  const base = cargoSum(train) + Math.max(0, banked);
  return train.includes("C") ? base * 2 : base;
}
