import { TrainGame } from "./train-game.component.ts";

export type { TrainGameOverDetail } from "./train-game.component.ts";
export { TrainGame };

if (!customElements.get("train-game")) customElements.define("train-game", TrainGame);

declare global {
  interface HTMLElementTagNameMap {
    "train-game": TrainGame;
  }
}
