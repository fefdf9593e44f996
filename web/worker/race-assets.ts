/// <reference types="vite/client" />
/**
 * The three files the Train Game solver loads in a worker (web/worker/train-solver.ts): the Wasm kernel, the race
 * table (web/data/train/race-100.bin) and the turn graph (web/data/train/turn-graph.bin), each a real file with
 * a content hash in its name (vite.config.ts). Imported by the worker and by the page: the page may start the
 * downloads ({@link prefetchTrainAssets}) while the game worker is still booting, and the worker's own requests
 * then take the page's responses from the HTTP cache (`force-cache`), waiting for them if they are under way,
 * instead of starting after its boot (the first race hint waits for these files).
 *
 * `force-cache` uses a cached response however old it is: right for these URLs only, whose content hash changes
 * with their content, and only in a build (the dev server's URLs carry no hash: there a rebuilt Wasm must not be
 * hidden by an old copy, so the requests revalidate as usual). A server that forbids storing (`no-store`) makes
 * the page's downloads a waste: the worker then downloads the files again.
 */
import trainWasmUrl from "../../build/train.release.wasm?url";
import raceTableUrl from "../data/train/race-100.bin?url";
import turnGraphUrl from "../data/train/turn-graph.bin?url";

export { raceTableUrl, trainWasmUrl, turnGraphUrl };

/** A request for one of the solver's files: from the HTTP cache if it holds the file, else from the network. */
export function fetchTrainAsset(url: string): Promise<Response> {
  return fetch(url, { cache: import.meta.env.PROD ? "force-cache" : "default" });
}

let prefetched = false;

/**
 * Page side: starts downloading the solver's three files into the HTTP cache, once per page (the bodies are read
 * and dropped: the worker reads its own copies). Failures are ignored: the worker then fetches, and reports, itself.
 */
export function prefetchTrainAssets(): void {
  if (prefetched) return;
  prefetched = true;
  for (const url of [trainWasmUrl, raceTableUrl, turnGraphUrl])
    fetchTrainAsset(url)
      .then((r) => r.arrayBuffer())
      .catch(() => {});
}
