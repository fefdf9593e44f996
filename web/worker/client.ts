/**
 * The page side of the railkit worker. One client (one worker) serves every element on a page:
 * elements call {@link sharedRailkitClient}; {@link createRailkitClient} makes a separate one (tests,
 * or a page that wants its own worker).
 *
 * The client's methods mirror web/worker/protocol.ts; a failure arrives as a {@link RailkitError}
 * (`kind`, `rule`, `message`) instead of the plain object the worker sends.
 */
import * as Comlink from "comlink";
import {
  type ActResult,
  type BotMode,
  type Progress,
  type RaceContext,
  type RaceTableView,
  RailkitError,
  type RailkitWorkerApi,
  type TrainAction,
  type TrainHintOption,
  type TrainOptions,
  type TrainState,
  type TrainView,
  type TrainViewOptions,
  type TurnState,
  type WireError,
} from "./protocol.ts";

/** The Train Game through the worker. Every call is one message round trip. */
export interface TrainClient {
  newGame(options: TrainOptions, seed: number | string, view?: TrainViewOptions): Promise<TrainView>;
  act(state: TrainState, action: TrainAction, view?: TrainViewOptions): Promise<ActResult>;
  view(state: TrainState, view?: TrainViewOptions): Promise<TrainView>;
  legalActions(state: TrainState): Promise<TrainAction[]>;
  hint(turn: TurnState, race?: RaceContext): Promise<TrainHintOption[]>;
  botAction(state: TrainState, mode: BotMode): Promise<TrainAction>;
  expectedTurnScore(): Promise<number>;
  /** `onProgress` is called on the page (the client wraps it in `Comlink.proxy`). */
  raceTable(onProgress?: (p: Progress) => void): Promise<RaceTableView>;
  save(state: TrainState): Promise<string>;
  load(json: string): Promise<TrainState>;
}

export interface RailkitClient {
  readonly train: TrainClient;
  /** Stops the worker (only for clients made with createRailkitClient; a later call rejects). */
  terminate(): void;
}

export interface RailkitClientOptions {
  /** Talk to this endpoint instead of starting the module worker (e.g. Comlink's nodeEndpoint in tests). */
  endpoint?: Comlink.Endpoint;
}

function isWireError(e: unknown): e is WireError {
  return typeof e === "object" && e !== null && "kind" in e && "rule" in e && "message" in e;
}

/** Awaits a remote call, turning a rejected WireError (or a transport Error) into a RailkitError. */
async function settle<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof RailkitError) throw e;
    if (isWireError(e)) throw new RailkitError(e);
    throw new RailkitError({
      kind: "internal",
      rule: "",
      message: e instanceof Error ? e.message : String(e),
    });
  }
}

/** Starts a worker (or uses `options.endpoint`) and wraps it. */
export function createRailkitClient(options: RailkitClientOptions = {}): RailkitClient {
  let worker: Worker | undefined;
  let endpoint = options.endpoint;
  // A worker that fails to load (or dies) never answers: every pending and later call rejects instead.
  let fail: (e: WireError) => void = () => {};
  const broken = new Promise<never>((_, reject) => {
    fail = reject;
  });
  broken.catch(() => {}); // only observed through the calls racing it
  if (!endpoint) {
    worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
    worker.addEventListener("error", (e) => {
      const detail = e instanceof ErrorEvent && e.message ? `: ${e.message}` : " (it could not be loaded)";
      fail({ kind: "internal", rule: "", message: `the railkit worker failed${detail}` });
    });
    endpoint = worker;
  }
  const call = <T>(p: Promise<T>): Promise<T> => settle(Promise.race([p, broken]));
  const remote = Comlink.wrap<RailkitWorkerApi>(endpoint);
  const t = remote.train;
  // Results cross as structured clones; Comlink's Remote<> types them as the unwrapped values.
  const train: TrainClient = {
    newGame: (o, seed, v) => call(t.newGame(o, seed, v)),
    act: (s, a, v) => call<ActResult>(t.act(s, a, v)),
    view: (s, v) => call(t.view(s, v)),
    legalActions: (s) => call(t.legalActions(s)),
    hint: (turn, race) => call(t.hint(turn, race)),
    botAction: (s, mode) => call<TrainAction>(t.botAction(s, mode)),
    expectedTurnScore: () => call(t.expectedTurnScore()),
    raceTable: async (onProgress) => {
      // Progress arrives on its own MessagePort, so a late report can land after the result: drop it.
      let done = false;
      const report = onProgress && Comlink.proxy((p: Progress) => void (done || onProgress(p)));
      try {
        return await call(t.raceTable(report));
      } finally {
        done = true;
      }
    },
    save: (s) => call(t.save(s)),
    load: (json) => call(t.load(json)),
  };
  return {
    train,
    terminate() {
      remote[Comlink.releaseProxy]();
      worker?.terminate();
    },
  };
}

let shared: RailkitClient | undefined;

/** The page's one client, started on first use and shared by every railkit element. */
export function sharedRailkitClient(): RailkitClient {
  shared ??= createRailkitClient();
  return shared;
}

export type { ActResult, BotMode, Progress, RaceTableView, TrainView, TrainViewOptions, WireError };
export { RailkitError };
