/// <reference types="vite/client" />
/**
 * The three files the Train Game solver loads in a worker (web/worker/train-solver.ts): the Wasm kernel, the race
 * table (web/data/train/race-100.bin) and the turn graph (web/data/train/turn-graph.bin), each a real file with
 * a content hash in its name (vite.config.ts). Imported by the worker and by the page: the page may start the
 * downloads ({@link prefetchTrainAssets}) while the game worker is still booting.
 *
 * The worker then gets the two data files from the page: it asks on a BroadcastChannel and the page answers with
 * the bytes it downloaded (a copy: the channel clones). At the same time it requests the file itself
 * (`force-cache`: the page's response from the HTTP cache, or the network), and takes whichever comes first. In a
 * cold Chromium worker the page's answer came first: the HTTP cache took 20–35 ms more to hand over a body the
 * page had held for 100 ms (docs/benchmarks.md). The bytes are checked by their readers either way (checksums).
 * The Wasm is compiled while it streams from the worker's own request (`compileStreaming`).
 *
 * `force-cache` uses a cached response however old it is, and the channel is keyed by URL: right for these URLs
 * only, whose content hash changes with their content, and only in a build (the dev server's URLs carry no hash:
 * there a rebuilt file must not be hidden by an old copy, so requests revalidate as usual and the channel is off).
 * A server that forbids storing (`no-store`) makes the cache path a second download; the channel still answers.
 */
import trainWasmUrl from "../../build/train.release.wasm?url";
import raceTableUrl from "../data/train/race-100.bin?url";
import turnGraphUrl from "../data/train/turn-graph.bin?url";

export { raceTableUrl, trainWasmUrl, turnGraphUrl };

const CHANNEL = "railkit:train-assets";
/** A worker asks for the data files (`want`: their URLs); a page answers with the bytes it downloaded, at once. */
type AssetMessage = { want: string[] } | { files: { url: string; bytes: ArrayBuffer }[] };

/** Sharing through the channel: in a build only (hashed URLs), where BroadcastChannel exists. */
const sharing = (): boolean => import.meta.env.PROD && typeof BroadcastChannel === "function";

/** A request for one of the solver's files: from the HTTP cache if it holds the file, else from the network. */
export function fetchTrainAsset(url: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { cache: import.meta.env.PROD ? "force-cache" : "default", signal });
}

let prefetched = false;

/**
 * Page side: starts downloading the solver's three files, once per page, and answers a worker's requests for the
 * two data files with the bytes (kept for the page's life: 224 KB). Failures are ignored: the worker then fetches,
 * and reports, itself.
 */
export function prefetchTrainAssets(): void {
  if (prefetched) return;
  prefetched = true;
  const held = new Map<string, Promise<ArrayBuffer | undefined>>();
  for (const url of [trainWasmUrl, raceTableUrl, turnGraphUrl]) {
    const bytes = fetchTrainAsset(url)
      .then((r) => (r.ok ? r.arrayBuffer() : undefined))
      .catch(() => undefined);
    if (url !== trainWasmUrl) held.set(url, bytes);
  }
  if (!sharing()) return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent<AssetMessage>) => {
    const m = e.data;
    if (!m || typeof m !== "object" || !("want" in m) || !Array.isArray(m.want)) return;
    const urls = m.want.filter((u) => held.has(u));
    // One answer with every file asked for: the page's thread is busiest when a worker asks (its first view).
    void Promise.all(urls.map((u) => held.get(u))).then((all) => {
      const files = urls.flatMap((url, i) => (all[i] ? [{ url, bytes: all[i] }] : []));
      if (files.length > 0) channel.postMessage({ files } satisfies AssetMessage);
    });
  };
}

/** Worker side: the open channel and the answers awaited, by URL (opened, both files asked for, on first need). */
let asked: { channel: BroadcastChannel; waiting: Map<string, (b: ArrayBuffer) => void> } | undefined;

/** The bytes of `url` from a page that holds them, once one answers (never settles if none does). */
function fromPage(url: string): Promise<ArrayBuffer> {
  if (!asked) {
    const channel = new BroadcastChannel(CHANNEL);
    const a = { channel, waiting: new Map<string, (b: ArrayBuffer) => void>() };
    channel.onmessage = (e: MessageEvent<AssetMessage>) => {
      const m = e.data;
      if (!m || typeof m !== "object" || !("files" in m) || !Array.isArray(m.files)) return;
      for (const { url, bytes } of m.files) if (bytes instanceof ArrayBuffer) a.waiting.get(url)?.(bytes);
    };
    channel.postMessage({ want: [raceTableUrl, turnGraphUrl] } satisfies AssetMessage);
    asked = a;
  }
  const { waiting } = asked;
  return new Promise((ok) => waiting.set(url, ok));
}

/** No answer awaited for `url` any more; the channel closed once none is (a later need opens it again). */
function settled(url: string): void {
  if (!asked) return;
  asked.waiting.delete(url);
  if (asked.waiting.size === 0) {
    asked.channel.close();
    asked = undefined;
  }
}

/**
 * Worker side: the bytes of one of the two data files, from the page's download (the channel) or the worker's own
 * request, whichever comes first (the other is dropped: the request aborted, a late answer ignored). Rejects when
 * the request fails before any page answered.
 */
export function trainAssetBytes(url: string): Promise<{ bytes: ArrayBuffer; from: "page" | "fetch" }> {
  const abort = new AbortController();
  const fetched = fetchTrainAsset(url, abort.signal).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  if (!sharing()) return fetched.then((bytes) => ({ bytes, from: "fetch" }));
  return new Promise((ok, fail) => {
    let done = false;
    void fromPage(url).then((bytes) => {
      if (done) return;
      done = true;
      settled(url);
      abort.abort();
      ok({ bytes, from: "page" });
    });
    fetched.then(
      (bytes) => {
        if (done) return;
        done = true;
        settled(url);
        ok({ bytes, from: "fetch" });
      },
      (e: unknown) => {
        if (done) return;
        done = true;
        settled(url);
        fail(e);
      },
    );
  });
}
