/**
 * `<train-game>` alone (The Train Game): a page that shows this one game loads this entry (`railkit/train-game`, or
 * `train-game.js` of the self-contained build) instead of `railkit`'s three elements (docs/embedding.md, example 1005).
 */
export { TrainGame, type TrainGameOverDetail } from "../elements/train/train-game.ts";
