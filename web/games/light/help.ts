/**
 * Light Rail's "How to play" text (`<light-rail>`'s help panel, web/elements/common/help.ts), drawn from
 * docs/rules/light-rail.md; every rule id cited here is one of that page's (test/help.test.ts).
 */
import type { HelpText } from "../../elements/common/help.ts";

export const LIGHT_HELP: HelpText = {
  summary:
    "Build a city of rail cards together: close routes to score the buildings on them, and fulfil your two secret objectives.",
  sections: [
    {
      heading: "Your turn",
      points: [
        "Place the card in your hand, either way up, then draw the next card of your deck.",
        "The first card goes anywhere; every later card on an empty cell (light.cell-occupied) next to a placed card (light.not-adjacent).",
        "The city has a fixed shape: a card that would not fit it is refused (light.outside-city-limit).",
      ],
    },
    {
      heading: "Routes",
      points: [
        "Track on neighbouring cards links into routes. A route is complete when no end is open (a terminus, a dead end against a card, or a loop).",
        "When a route is completed, the colour with the most segments on it scores 1 credit per different building type on it (ties: all tied colours score).",
      ],
    },
    {
      heading: "The end",
      points: [
        "The game ends when the city is full. Each fulfilled secret objective adds 3 credit; the highest total wins, ties share.",
      ],
    },
  ],
  source: "docs/rules/light-rail.md",
};
