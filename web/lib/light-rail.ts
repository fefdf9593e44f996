/**
 * `<light-rail>` alone (Light Rail): a page that shows this one game loads this entry (`railkit/light-rail`, or
 * `light-rail.js` of the self-contained build) instead of `railkit`'s three elements (docs/embedding.md, example 1005).
 */
export {
  type LightGameOverDetail,
  type LightPlacementDetail,
  LightRail,
} from "../elements/light/light-rail.ts";
