/**
 * `<string-railway>` alone (String Railway): a page that shows this one game loads this entry (`railkit/string-railway`, or
 * `string-railway.js` of the self-contained build) instead of `railkit`'s three elements (docs/embedding.md, example 1005).
 */
export {
  type StringGameOverDetail,
  StringRailway,
  type StringTurnEndDetail,
} from "../elements/string/string-railway.ts";
