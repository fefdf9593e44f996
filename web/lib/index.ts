/**
 * railkit, the embeddable library: `import "railkit"` defines the elements (`<train-game>`, `<string-railway>`, `<light-rail>`) and exports
 * the page-side worker client (all three games: `client.train`, `client.string`, `client.light`) for pages
 * that want to drive the engines themselves, and the element session controller for new elements.
 */

export type { BeforeMoveDetail, LoadErrorDetail } from "../elements/common/railkit-element.ts";
export {
  BOT_DELAY_MS,
  GameSession,
  type HintTask,
  MAX_BOT_DELAY_MS,
  MAX_FAULTS_IN_A_ROW,
  type PlayVerdict,
  type SessionOptions,
  seatList,
  seedFrom,
  type ViewCause,
} from "../elements/common/session.ts";
export {
  type LightGameOverDetail,
  type LightPlacementDetail,
  LightRail,
} from "../elements/light/light-rail.ts";
export {
  type StringGameOverDetail,
  StringRailway,
  type StringTurnEndDetail,
} from "../elements/string/string-railway.ts";
export { TrainGame, type TrainGameOverDetail } from "../elements/train/train-game.ts";
export { LIGHT_MAX_HINT_MS, LIGHT_MAX_PLAYOUTS } from "../games/light/caps.ts";
export { STRING_MAX_HINTS } from "../games/string/caps.ts";
export {
  createRailkitClient,
  type LightClient,
  type RailkitClient,
  type RailkitClientOptions,
  RailkitError,
  type StringClient,
  sharedRailkitClient,
  type TrainClient,
  WORKER_LOST,
  type WorkerFault,
} from "../worker/client.ts";
export {
  type ActResult,
  type BotMode,
  type BotMove,
  type GameHandle,
  type GameTypes,
  type GameView,
  type GameWorkerApi,
  HANDLE_PATH,
  type HintsAnswer,
  isUnknownGame,
  type LightBotOptions,
  type LightHintOptions,
  type LightTypes,
  type LightView,
  type LightWorkerApi,
  MAX_GAMES,
  PROTOCOL,
  type Progress,
  type RaceTableView,
  type RailkitWorkerApi,
  type StringBotOptions,
  type StringHintOptions,
  type StringTypes,
  type StringView,
  type StringWorkerApi,
  type TrainBotOptions,
  type TrainState,
  type TrainTypes,
  type TrainView,
  type TrainWorkerApi,
  type WireError,
} from "../worker/protocol.ts";
