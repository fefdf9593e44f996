/**
 * Issue #9, the first race hint: the game worker reads the solver's files a page hands it (`train.prepare`,
 * web/worker/race-assets.ts) instead of requesting them: an offer made before the load is read without a request,
 * an offer that comes while the load waits on its own request wins, and the Wasm offered is compiled from the
 * page's bytes (bytes that do not compile are dropped, and the worker's own request answers). (The service's checks of the offered files: test/worker.test.ts.)
 */
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  offerTrainAssets,
  trainAssetBytes,
  trainWasmModule,
  trainWasmUrl,
} from "../../web/worker/race-assets.ts";

/** A server that takes requests and never answers them (a download still under way). */
let silent: Server;
let silentUrl: string;
beforeAll(async () => {
  silent = createServer(() => {});
  await new Promise<void>((ok) => silent.listen(0, "127.0.0.1", ok));
  silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((ok) => silent.close(ok));
});

describe("issue #9: the solver's files from the page (train.prepare)", () => {
  it("a file offered before the load is read at once, with no request (the URL here answers nothing)", async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]).buffer;
    offerTrainAssets([{ url: "http://127.0.0.1:9/race-100.bin", bytes }]);
    const got = await trainAssetBytes("http://127.0.0.1:9/race-100.bin", false);
    expect(got.from).toBe("page");
    expect(got.bytes).toBe(bytes);
  });

  it("a load waiting on its own request takes the page's offer when it comes first", async () => {
    const url = `${silentUrl}/turn-graph.bin`;
    const waiting = trainAssetBytes(url, false);
    const bytes = new Uint8Array([5, 6, 7, 8]).buffer;
    offerTrainAssets([{ url, bytes }]);
    const got = await waiting;
    expect(got).toEqual({ bytes, from: "page" });
  });

  it("Wasm bytes from the page that do not compile are dropped: the worker's own request answers, a later offer is taken", async () => {
    const warn = console.warn;
    const warned: unknown[] = [];
    console.warn = (m: unknown) => warned.push(m);
    try {
      offerTrainAssets([{ url: trainWasmUrl, bytes: new Uint8Array([0, 97, 115, 109, 9]).buffer }]);
      // The request (a path without a server here) fails: that failure is the answer, not the page's bytes.
      await expect(trainWasmModule()).rejects.toThrow();
      expect(String(warned[0])).toMatch(/did not compile/);
    } finally {
      console.warn = warn;
    }
  });

  it("the Wasm offered is compiled from the page's bytes", async () => {
    const wasm = await readFile(resolve(import.meta.dirname, "../../build/train.release.wasm"));
    offerTrainAssets([{ url: trainWasmUrl, bytes: new Uint8Array(wasm).buffer }]);
    const { module, from } = await trainWasmModule();
    expect(from).toBe("page");
    expect(WebAssembly.Module.exports(module).map((e) => e.name)).toContain("solveTurn");
  });
});
