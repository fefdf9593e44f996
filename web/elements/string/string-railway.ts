import { StringRailway } from "./string-railway.component.ts";

export type { StringGameOverDetail, StringTurnEndDetail } from "./string-railway.component.ts";
export { StringRailway };

if (!customElements.get("string-railway")) customElements.define("string-railway", StringRailway);

declare global {
  interface HTMLElementTagNameMap {
    "string-railway": StringRailway;
  }
}
