// The demo page: defines the railkit elements (they share one worker through the page's client).
import "../elements/train/train-game.ts";
import "../elements/light/light-rail.ts";
import "../elements/string/string-railway.ts";
