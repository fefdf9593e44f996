/// <reference types="vite/client" />
/**
 * The three files the Train Game solver loads in a worker (web/worker/train-solver.ts): the Wasm kernel, the race
 * table (web/data/train/race-100.bin) and the turn graph (web/data/train/turn-graph.bin), each a real file with
 * a content hash in its name (vite.config.ts). `<train-game>` downloads none of them itself (issue #23: each file
 * once per page, the race table only when a race hint first needs it): its `train.prepare()` makes the game worker
 * fetch the Wasm and the turn graph. A page may still start the downloads itself ({@link prefetchTrainAssets}) and
 * hand the bytes over.
 *
 * Handed over, the worker takes the bytes with its `train.prepare` verb (web/worker/service.ts; the worker side is
 * {@link offerTrainAssets}).
 * Sent through the worker's own port, the message waits in its queue while the worker boots and is read right
 * after the page's first calls: the solver loads at once, with nothing to ask for (in a cold Chromium worker the
 * HTTP cache handed a body over 20–35 ms after the page held it, and a page asked on a channel answered only once
 * its main thread was free: docs/benchmarks.md). A file not offered yet when the solver needs it is asked for
 * twice, and the first answer taken: on a BroadcastChannel, which a page that holds the bytes answers at once (the
 * solver worker, web/worker/solver-worker.ts, has no other way to them), and by the worker's own request
 * (`force-cache`: the page's response from the HTTP cache, or the network). The bytes are checked by their
 * readers either way (checksums; the Wasm by compiling it).
 *
 * `force-cache` uses a cached response however old it is, and the channel is keyed by URL: right for these URLs
 * only, whose content hash changes with their content, and only in a build (the dev server's URLs carry no hash:
 * there a rebuilt file must not be hidden by an old copy, so requests revalidate as usual and the channel is off).
 * A server that forbids storing (`no-store`) makes the cache path a second download; the page's bytes still come.
 */
import trainWasmUrl from "../../build/train.release.wasm?url";
import raceTableUrl from "../data/train/race-100.bin?url";
import turnGraphUrl from "../data/train/turn-graph.bin?url";
import type { TrainAssetFile } from "./protocol.ts";

export { raceTableUrl, trainWasmUrl, turnGraphUrl };

/** The solver's files, by URL: the Wasm, the race table, the turn graph. */
export const TRAIN_ASSET_URLS: readonly string[] = [trainWasmUrl, raceTableUrl, turnGraphUrl];

const CHANNEL = "railkit:train-assets";
/** A worker asks for the data files (`want`: their URLs); a page answers with the bytes it downloaded, at once. */
type AssetMessage = { want: string[] } | { files: { url: string; bytes: ArrayBuffer }[] };

/** Sharing through the channel: in a build only (hashed URLs), where BroadcastChannel exists. */
const sharing = (): boolean => import.meta.env.PROD && typeof BroadcastChannel === "function";

/** A request for one of the solver's files: from the HTTP cache if it holds the file, else from the network. */
export function fetchTrainAsset(url: string, signal?: AbortSignal): Promise<Response> {
  return fetch(url, { cache: import.meta.env.PROD ? "force-cache" : "default", signal });
}

let prefetched: Promise<TrainAssetFile[]> | undefined;

/**
 * Page side: starts downloading the solver's three files, once per page; the promise holds the files that came
 * (a failed one is left out: the worker then fetches, and reports, it itself). The page keeps the bytes for its
 * life (229 KB) and answers a worker's requests for the two data files on the channel with them.
 */
export function prefetchTrainAssets(): Promise<TrainAssetFile[]> {
  if (prefetched) return prefetched;
  const held = new Map<string, Promise<ArrayBuffer | undefined>>();
  for (const url of TRAIN_ASSET_URLS)
    held.set(
      url,
      fetchTrainAsset(url)
        .then((r) => (r.ok ? r.arrayBuffer() : undefined))
        .catch(() => undefined),
    );
  const files = (urls: readonly string[]) =>
    Promise.all(urls.map((u) => held.get(u))).then((all) =>
      urls.flatMap((url, i) => (all[i] ? [{ url, bytes: all[i] }] : [])),
    );
  prefetched = files(TRAIN_ASSET_URLS).then((f) => {
    performance.mark("railkit:train:page files");
    return f;
  });
  if (sharing()) {
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<AssetMessage>) => {
      const m = e.data;
      if (!m || typeof m !== "object" || !("want" in m) || !Array.isArray(m.want)) return;
      // One answer with every data file asked for: the page's thread is busiest when a worker asks.
      void files(m.want.filter((u) => u !== trainWasmUrl && held.has(u))).then((f) => {
        if (f.length > 0) channel.postMessage({ files: f } satisfies AssetMessage);
      });
    };
  }
  return prefetched;
}

/** Worker side: the files a page offered (`prepare`), and the loads waiting for one, by URL. */
const offered = new Map<string, ArrayBuffer>();
const offerWaiting = new Map<string, ((b: ArrayBuffer) => void)[]>();

/**
 * Worker side: takes the files a page downloaded (checked by the service: known URLs, ArrayBuffers); a load waiting for
 * one gets it at once, a later load finds it here. The first offer of a URL is kept.
 */
export function offerTrainAssets(files: readonly TrainAssetFile[]): void {
  for (const { url, bytes } of files) {
    if (offered.has(url)) continue;
    offered.set(url, bytes);
    for (const ok of offerWaiting.get(url) ?? []) ok(bytes);
    offerWaiting.delete(url);
  }
}

/** The bytes of `url` once a page offers them (never settles if none does). */
function offerOf(url: string): Promise<ArrayBuffer> {
  const b = offered.get(url);
  if (b) return Promise.resolve(b);
  return new Promise((ok) => {
    const list = offerWaiting.get(url) ?? [];
    list.push(ok);
    offerWaiting.set(url, list);
  });
}

/**
 * The Wasm compiled on this thread, now: allowed in a worker whatever its size, and for these 4.5 KB sooner than
 * `WebAssembly.compile`, whose module came 5–20 ms after the page's bytes on a busy 2-core machine (after both
 * data files had been read; compiled here, it is ready before them).
 */
const compileNow = (bytes: ArrayBuffer) => new WebAssembly.Module(bytes);

/** The page's Wasm compiled, or undefined (and the offer dropped) if it does not compile. */
function compileOffered(bytes: ArrayBuffer): WebAssembly.Module | undefined {
  try {
    return compileNow(bytes);
  } catch (e) {
    offered.delete(trainWasmUrl);
    console.warn(
      `railkit: the page's train Wasm did not compile (${e instanceof Error ? e.message : String(e)})`,
    );
    return undefined;
  }
}

/**
 * Worker side: the solver's Wasm module, compiled from the page's bytes when it offered them, else while it
 * streams in from the worker's own request (whichever comes first; the request is aborted when the page's bytes
 * compiled). Bytes from the page that do not compile are dropped: the request answers then.
 */
export function trainWasmModule(): Promise<{ module: WebAssembly.Module; from: "page" | "fetch" }> {
  const own = offered.get(trainWasmUrl);
  const now = own && compileOffered(own);
  if (now) return Promise.resolve({ module: now, from: "page" });
  const abort = new AbortController();
  // Once the page's bytes came, the request is aborted: its rejection then is not an answer (never settles).
  const streamed = WebAssembly.compileStreaming(fetchTrainAsset(trainWasmUrl, abort.signal)).catch(
    (e: unknown) => (abort.signal.aborted ? new Promise<never>(() => {}) : Promise.reject(e)),
  );
  const page = offerOf(trainWasmUrl).then((b) => {
    const module = compileOffered(b);
    if (!module) return new Promise<never>(() => {});
    abort.abort();
    return module;
  });
  return Promise.race([
    streamed.then((module) => ({ module, from: "fetch" as const })),
    page.then((module) => ({ module, from: "page" as const })),
  ]);
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
 * Worker side: the bytes of one of the two data files: the page's offer if it came, else the first of the page's
 * offer, a page's answer on the channel (`askPages`: the solver worker, which gets no offer) and the worker's own
 * request (the others are dropped: the request aborted, a late answer ignored). Rejects when the request fails
 * before any page answered.
 */
export function trainAssetBytes(
  url: string,
  askPages = true,
): Promise<{ bytes: ArrayBuffer; from: "page" | "fetch" }> {
  const own = offered.get(url);
  if (own) return Promise.resolve({ bytes: own, from: "page" });
  const abort = new AbortController();
  const fetched = fetchTrainAsset(url, abort.signal).then((r) => {
    if (!r.ok) throw new Error(`HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  return new Promise((ok, fail) => {
    let done = false;
    const fromThePage = (bytes: ArrayBuffer) => {
      if (done) return;
      done = true;
      settled(url);
      abort.abort();
      ok({ bytes, from: "page" });
    };
    void offerOf(url).then(fromThePage);
    if (askPages && sharing()) void fromPage(url).then(fromThePage);
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
