/**
 * The six faces of a Train Game die, drawn as small SVG pictures (viewBox 0 0 64 64, the car on a rail
 * near the bottom, the cargo value in a badge at the top right). Names and values are data for labels
 * only; scoring is the engine's business.
 */
import { html, svg, type TemplateResult } from "lit";
import { CARGO_VALUE, type Face } from "../../engine/train/types.ts";

export const FACE_NAME: Readonly<Record<Face, string>> = {
  E: "Engine",
  T: "Coal Tender",
  "4": "Tanker",
  "3": "Ore car",
  "2": "Boxcar",
  C: "Caboose",
};

/** "Tanker, 4 points", "Caboose, 1 point, doubles the train", "Engine". */
export function faceLabel(face: Face): string {
  const v = CARGO_VALUE[face];
  if (v === 0) return FACE_NAME[face];
  const points = `${v} point${v === 1 ? "" : "s"}`;
  return face === "C" ? `${FACE_NAME[face]}, ${points}, doubles the train` : `${FACE_NAME[face]}, ${points}`;
}

const wheels = (xs: number[], r = 5) =>
  xs.map(
    (x) => svg`<circle cx=${x} cy="50" r=${r} class="wheel"/><circle cx=${x} cy="50" r="1.6" class="hub"/>`,
  );
const chassis = svg`<rect x="7" y="42" width="50" height="4" rx="1" class="chassis"/>`;
const badge = (text: string) =>
  svg`<circle cx="53" cy="11" r="8.5" class="badge"/><text x="53" y="15" class="badge-text">${text}</text>`;

const cars: Record<Face, TemplateResult> = {
  E: svg`
    <rect x="12" y="15" width="7" height="12" class="metal"/>
    <rect x="10" y="12" width="11" height="4" rx="1" class="metal"/>
    <rect x="9" y="25" width="32" height="17" rx="4" class="engine"/>
    <rect x="25" y="21" width="5" height="5" rx="2" class="metal"/>
    <rect x="38" y="14" width="18" height="28" rx="2" class="engine"/>
    <rect x="36" y="11" width="22" height="4" rx="1" class="metal"/>
    <rect x="42" y="18" width="10" height="8" rx="1" class="window"/>
    <polygon points="3,46 9,36 9,46" class="metal"/>
    ${chassis}${wheels([17, 30], 6)}${wheels([47], 5)}`,
  T: svg`
    <rect x="9" y="27" width="46" height="15" rx="2" class="tender"/>
    <path d="M11 28 Q16 17 22 24 Q27 15 33 23 Q39 14 44 23 Q49 18 53 28 Z" class="coal"/>
    <rect x="9" y="34" width="46" height="2" class="stripe"/>
    ${chassis}${wheels([19, 45])}`,
  "4": svg`
    <rect x="7" y="21" width="50" height="21" rx="10" class="tanker"/>
    <rect x="28" y="15" width="9" height="7" rx="1.5" class="tanker"/>
    <rect x="7" y="30" width="50" height="2.5" class="stripe"/>
    ${chassis}${wheels([17, 47])}${badge("4")}`,
  "3": svg`
    <polygon points="8,24 56,24 49,43 15,43" class="ore"/>
    <circle cx="18" cy="24" r="5" class="rock"/><circle cx="27" cy="22" r="6" class="rock"/>
    <circle cx="37" cy="23" r="5.5" class="rock"/><circle cx="46" cy="24" r="5" class="rock"/>
    <rect x="8" y="24" width="48" height="3" class="stripe"/>
    ${chassis}${wheels([19, 45])}${badge("3")}`,
  "2": svg`
    <rect x="7" y="17" width="50" height="26" rx="2" class="boxcar"/>
    <rect x="7" y="14" width="50" height="4" rx="1" class="metal"/>
    <rect x="25" y="20" width="14" height="21" class="door"/>
    <line x1="32" y1="20" x2="32" y2="41" class="door-line"/>
    ${chassis}${wheels([17, 47])}${badge("2")}`,
  C: svg`
    <rect x="23" y="13" width="18" height="11" rx="1" class="caboose"/>
    <rect x="21" y="10" width="22" height="4" rx="1" class="metal"/>
    <rect x="27" y="16" width="10" height="5" class="window"/>
    <rect x="8" y="23" width="48" height="19" rx="2" class="caboose"/>
    <rect x="13" y="27" width="8" height="7" class="window"/><rect x="43" y="27" width="8" height="7" class="window"/>
    ${chassis}${wheels([18, 46])}${badge("1")}
    <text x="32" y="38" class="double-text">×2</text>`,
};

/** The picture of one face, as an `<svg>` filling its box; decorative (the die carries the label). */
export function faceSvg(face: Face): TemplateResult {
  // The outer <svg> is an html template: Lit's svg`` is only for fragments inside an <svg>.
  return html`<svg viewBox="0 0 64 64" class="face face-${face === "C" ? "c" : face.toLowerCase()}" aria-hidden="true" focusable="false">
    <line x1="1" y1="56.5" x2="63" y2="56.5" class="rail"/>
    ${cars[face]}
  </svg>`;
}
