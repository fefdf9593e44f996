/**
 * String Railway's "How to play" text (`<string-railway>`'s help panel, web/elements/common/help.ts), drawn from
 * docs/rules/string-railway.md; every rule id cited here is one of that page's (test/help.test.ts).
 */
import type { HelpText } from "../../elements/common/help.ts";

export const STRING_HELP: HelpText = {
  summary:
    "Lay strings between stations, carry coloured cubes along your own strings, and collect sets of different colours.",
  sections: [
    {
      heading: "Your turn",
      points: [
        "You have as many action points (AP) as your locomotive (3 at the start). The phases run in order: route, transport, locomotive (string.phase-order).",
        "Route: lay at most one string (string.one-string-per-turn), short (30 cm) or long (60 cm), from a station to another station, inside the board.",
        "A string costs 1 AP per meeting place with another player's string, +1 if it crosses the mountain (string.meeting-places); you cannot spend more AP than you have (string.not-enough-ap).",
        "Transport: 1 AP moves one cube along one of your strings. A cube scores when it reaches a station of its own colour from one that is not.",
        "Locomotive: upgrade for more AP from your next turn (up to 6, string.max-locomotive). End the turn when you are done; unspent AP are lost.",
      ],
    },
    {
      heading: "Long-distance tiles and specials",
      points: [
        "A long-distance tile moves a white cube along your strings through its colours in order, to your own new station, never using a hop twice (string.ld-hop-twice).",
        "Once a game you may found a new station; twice a turn you may replenish a station (1 AP) or trade a cube for 1 AP.",
      ],
    },
    {
      heading: "Scoring and the end",
      points: [
        "After five rounds, your cubes are split into sets of different colours: 1, 3, 6, 10 or 15 points for sets of 1 to 5 colours; white cubes are wild.",
        "Each flipped long-distance tile scores +5, each still face up −2. Most points wins; ties go to fewer cubes, then share.",
      ],
    },
  ],
  source: "docs/rules/string-railway.md",
};
