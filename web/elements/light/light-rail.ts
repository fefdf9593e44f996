import { LightRail } from "./light-rail.component.ts";

export type { LightGameOverDetail, LightPlacementDetail } from "./light-rail.component.ts";
export { LightRail };

if (!customElements.get("light-rail")) customElements.define("light-rail", LightRail);

declare global {
  interface HTMLElementTagNameMap {
    "light-rail": LightRail;
  }
}
