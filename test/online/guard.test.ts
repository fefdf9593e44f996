/**
 * The guard's own pieces (server/guard.ts) without a server: the bounds read from the environment, and the
 * pending output of a socket counted on both transports (the hostile tests drive the long-polling one).
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS, LIMIT_VARIABLES, limitsFromEnv, pendingBytes } from "../../server/guard.ts";

describe("online guard", () => {
  it("online.bounds: every bound has a variable; scripts/serve.ts's reading takes positive integers and RAILKIT_CHAT=1", () => {
    expect(Object.keys(LIMIT_VARIABLES).sort()).toEqual(Object.keys(DEFAULT_LIMITS).sort());
    expect(limitsFromEnv({})).toEqual({});
    expect(
      limitsFromEnv({ RAILKIT_MAX_SPECTATORS: "5", RAILKIT_CHAT: "1", RAILKIT_MAX_NAME_LENGTH: "" }),
    ).toEqual({ spectators: 5, chat: true });
    expect(limitsFromEnv({ RAILKIT_CHAT: "0" })).toEqual({ chat: false });
    for (const bad of ["0", "-3", "1.5", "lots", "1e400"])
      expect(() => limitsFromEnv({ RAILKIT_MAX_MOVE_BYTES: bad })).toThrow(/RAILKIT_MAX_MOVE_BYTES/);
  });

  it("online.bounds: a socket's pending output is engine.io's write buffer plus the websocket's buffered bytes", () => {
    const socket = (writeBuffer: { data?: unknown }[], bufferedAmount?: number) =>
      ({
        conn: {
          writeBuffer,
          transport: bufferedAmount === undefined ? {} : { socket: { bufferedAmount } },
          close() {},
        },
      }) as unknown as Parameters<typeof pendingBytes>[0];
    expect(pendingBytes(socket([]))).toBe(0);
    expect(pendingBytes(socket([{ data: "abc" }, { data: new Uint8Array(10) }]))).toBe(13);
    expect(pendingBytes(socket([{ data: "abc" }], 5000))).toBe(5003);
  });
});
