/**
 * What the Train Game's own worker verbs (verbs.ts) take and answer, apart from the module so that a page may
 * import it without the engine: the solver's files a page hands over (`prepare`), and the race table view.
 */

/** One of the Train Game solver's files as a page downloaded it (its URL in the build, its bytes): `prepare`. */
export interface TrainAssetFile {
  url: string;
  bytes: ArrayBuffer;
}

/** Most files one `prepare` takes (the solver has three), and the largest file (the race table is 186 KB). */
export const MAX_TRAIN_FILES = 3;
export const MAX_TRAIN_FILE_BYTES = 4 << 20;

/** The two-player race policy over every start-of-turn position, for the solver page. */
export interface RaceTableView {
  goal: number;
  /** P(first player wins) + P(tie)/2 at the start of A's turn, row-major `[me * goal + opp]`, me, opp in 0..goal-1. */
  winFirst: Float64Array;
  /**
   * Same layout: the smallest points at stake (≥ 6) at which A, holding a full freight train, stops rather
   * than banks (the solver's `stopAt`).
   */
  freightStopAt: Int32Array;
  /** P(first player wins) at 0–0 and the value-iteration tolerance. */
  firstPlayerWins: { value: number; tolerance: number };
}
