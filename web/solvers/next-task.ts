/**
 * Cooperative long work in the shared game worker (web/worker/service.ts): a search that runs long awaits
 * `nextTask()` between steps, so the worker answers the other games' calls (a Roll, a race hint) in between.
 * Used by Light Rail's timed hint search (light/search.ts) and String Railway's widget hints (string/advice.ts).
 */

/**
 * A macrotask: resolves after the tasks already queued in this thread (a worker's incoming messages among them)
 * have run. Node: `setImmediate`; a browser or worker: a MessageChannel message (not clamped like a nested
 * `setTimeout(0)`, which waits at least 4 ms from the fifth on).
 */
export function nextTask(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (typeof immediate === "function") return new Promise((ok) => immediate(ok));
  if (typeof MessageChannel !== "function") return new Promise((ok) => setTimeout(ok, 0));
  if (!taskChannel) {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
    taskChannel = channel.port2;
  }
  const port = taskChannel;
  return new Promise((ok) => {
    waiting.push(ok);
    port.postMessage(null);
  });
}
let taskChannel: MessagePort | undefined;
const waiting: (() => void)[] = [];
