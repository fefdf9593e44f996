/**
 * railkit, the embeddable library: `import "railkit"` defines the elements (`<train-game>`) and exports
 * the page-side worker client for pages that want to drive the engines themselves.
 * String Railway and Light Rail elements are added here when they land.
 */
export { TrainGame, type TrainGameOverDetail } from "../elements/train/train-game.ts";
export {
  createRailkitClient,
  type RailkitClient,
  type RailkitClientOptions,
  RailkitError,
  sharedRailkitClient,
  type TrainClient,
} from "../worker/client.ts";
export type {
  ActResult,
  BotMode,
  Progress,
  RaceTableView,
  RailkitWorkerApi,
  TrainState,
  TrainView,
  TrainViewOptions,
  TrainWorkerApi,
  WireError,
} from "../worker/protocol.ts";
