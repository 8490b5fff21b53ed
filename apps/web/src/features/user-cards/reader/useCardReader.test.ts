import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "./fake-socket";
import { useCardReader } from "./useCardReader";

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe("useCardReader", () => {
  it("connects on mount, follows the bridge and disconnects on unmount", async () => {
    const { result, unmount } = renderHook(() => useCardReader({ WebSocket: FakeSocket }));
    expect(result.current.state).toBe("connecting");
    const socket = FakeSocket.last();

    act(() => {
      socket.open();
      socket.receive({ type: "hello", version: 1, bridge_version: "0.1.0", readers: ["R"], simulated: true });
      socket.receive({ type: "card_present", reader: "R", uuid: "04A1B2C3" });
    });
    expect(result.current).toMatchObject({ state: "reading", simulated: true });

    const read = socket.lastRequest();
    act(() =>
      socket.receive({ type: "read_result", request_id: read.request_id, reader: "R", uuid: "04A1B2C3", balance: 90 }),
    );
    expect(result.current).toMatchObject({ state: "card", card: { uuid: "04A1B2C3", balance: 90 } });

    let written: Promise<unknown> = Promise.resolve();
    act(() => {
      written = result.current.writeBalance("04A1B2C3", 120);
    });
    act(() =>
      socket.receive({
        type: "write_result",
        request_id: socket.lastRequest().request_id,
        uuid: "04A1B2C3",
        balance: 120,
      }),
    );
    await expect(written).resolves.toEqual({ uuid: "04A1B2C3", balance: 120 });
    expect(result.current.card?.balance).toBe(120);

    unmount();
    expect(socket.readyState).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });
});
