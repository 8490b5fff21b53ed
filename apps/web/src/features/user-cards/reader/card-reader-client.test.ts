import type { CardReaderBridgeMessage } from "@washboard/shared";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CardReaderClient, type CardReaderRequestError } from "./card-reader-client";
import { FakeSocket } from "./fake-socket";

const READER = "ACR122U";
const CARD = "04A1B2C3";

function hello(readers: string[] = [READER], version = 1): CardReaderBridgeMessage {
  return { type: "hello", version, bridge_version: "0.1.0", readers, simulated: false };
}

let clients: CardReaderClient[] = [];

function newClient(): CardReaderClient {
  const client = new CardReaderClient({ WebSocket: FakeSocket });
  clients.push(client);
  return client;
}

/** A client whose bridge said hello with one reader. */
function connectedClient(readers: string[] = [READER]): { client: CardReaderClient; socket: FakeSocket } {
  const client = newClient();
  const socket = FakeSocket.last();
  socket.open();
  socket.receive(hello(readers));
  return { client, socket };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
});

afterEach(() => {
  for (const client of clients) client.close();
  clients = [];
  vi.useRealTimers();
});

describe("connecting", () => {
  it("connects to the bridge's fixed port on loopback", () => {
    newClient();
    expect(FakeSocket.last().url).toBe("ws://127.0.0.1:47830");
  });

  it("is failed when the bridge is not there and tries again exactly 5000 ms later, for as long as it takes", () => {
    const client = newClient();
    expect(client.getSnapshot().state).toBe("connecting");
    FakeSocket.last().refuse();
    expect(client.getSnapshot().state).toBe("failed");

    vi.advanceTimersByTime(4999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    // Still failed while the next attempt is under way: the page does not flicker every 5 s.
    expect(client.getSnapshot().state).toBe("failed");

    FakeSocket.last().refuse();
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
  });

  it("reconnects 5 s after the bridge went away and is waiting again once it says hello", () => {
    const { client, socket } = connectedClient();
    expect(client.getSnapshot().state).toBe("waiting");

    socket.close();
    expect(client.getSnapshot()).toMatchObject({ state: "failed", readers: [] });
    vi.advanceTimersByTime(4999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);

    const again = FakeSocket.last();
    again.open();
    expect(client.getSnapshot().state).toBe("failed");
    again.receive(hello());
    expect(client.getSnapshot().state).toBe("waiting");
  });

  it("tells subscribers of each change and stops when they unsubscribe", () => {
    const client = newClient();
    const seen: string[] = [];
    const unsubscribe = client.subscribe((snapshot) => seen.push(snapshot.state));
    FakeSocket.last().open();
    FakeSocket.last().receive(hello([]));
    FakeSocket.last().receive({ type: "reader_attached", reader: READER });
    unsubscribe();
    FakeSocket.last().receive({ type: "reader_removed", reader: READER });
    expect(seen).toEqual(["no_reader", "waiting"]);
  });

  it("keeps the same snapshot object while nothing changes", () => {
    const { client, socket } = connectedClient();
    const before = client.getSnapshot();
    socket.receive("pong");
    socket.receive({ type: "reader_attached", reader: READER });
    expect(client.getSnapshot()).toBe(before);
  });

  it("does not work with a bridge of another protocol version", async () => {
    const client = newClient();
    FakeSocket.last().open();
    FakeSocket.last().receive(hello([READER], 2));
    expect(client.getSnapshot()).toMatchObject({ state: "failed", error: { code: "unsupported" } });
    await expect(client.read()).rejects.toMatchObject({ code: "not_connected" });
  });
});

describe("heartbeat", () => {
  it("sends ping after 20 s without traffic, not before", () => {
    const { socket } = connectedClient();
    vi.advanceTimersByTime(19_900);
    expect(socket.sent).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(socket.sent).toEqual(["ping"]);
  });

  it("counts anything received or sent as traffic", async () => {
    const { client, socket } = connectedClient();
    vi.advanceTimersByTime(15_000);
    socket.receive({ type: "reader_attached", reader: "Second reader" });
    vi.advanceTimersByTime(15_000);
    expect(socket.sent).toEqual([]);
    client.read().catch(() => {});
    socket.receive({ type: "error", request_id: socket.lastRequest().request_id, code: "no_card", message: "" });
    vi.advanceTimersByTime(19_999);
    expect(socket.sent.filter((frame) => frame === "ping")).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(socket.sent.at(-1)).toBe("ping");
  });

  it("keeps the connection while pongs come back, drops it after a ping left unanswered", () => {
    const { client, socket } = connectedClient();
    vi.advanceTimersByTime(20_000);
    socket.receive("pong");
    vi.advanceTimersByTime(20_000);
    expect(socket.sent).toEqual(["ping", "ping"]);
    expect(client.getSnapshot().state).toBe("waiting");

    vi.advanceTimersByTime(20_000);
    expect(client.getSnapshot().state).toBe("failed");
    expect(socket.readyState).toBe(3);
    vi.advanceTimersByTime(5000);
    expect(FakeSocket.made).toHaveLength(2);
  });
});

describe("requests", () => {
  it("resends an unanswered read after 1000 ms with the same request_id and resolves once", async () => {
    const { client, socket } = connectedClient();
    const resolved = vi.fn();
    client.read().then(resolved);
    expect(socket.requests()).toHaveLength(1);

    vi.advanceTimersByTime(999);
    expect(socket.requests()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    const [first, second] = socket.requests();
    expect(second).toEqual(first);

    const answer: CardReaderBridgeMessage = {
      type: "read_result",
      request_id: first?.request_id ?? "",
      reader: READER,
      uuid: CARD,
      balance: 1500,
    };
    socket.receive(answer);
    socket.receive(answer); // the answer to the resend
    await vi.advanceTimersByTimeAsync(5000);
    expect(resolved).toHaveBeenCalledTimes(1);
    expect(resolved).toHaveBeenCalledWith({ reader: READER, uuid: CARD, balance: 1500 });
    expect(socket.requests()).toHaveLength(2);
  });

  it("gives up after three sends: rejects a second after the last", async () => {
    const { client, socket } = connectedClient();
    const outcome = client.read().catch((error: CardReaderRequestError) => error);
    vi.advanceTimersByTime(2000);
    expect(socket.requests()).toHaveLength(3);
    vi.advanceTimersByTime(999);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    vi.advanceTimersByTime(1);
    expect(await outcome).toMatchObject({ code: "timeout" });
    expect(socket.requests()).toHaveLength(3);
  });

  it("rejects with the bridge's error code", async () => {
    const { client, socket } = connectedClient();
    const write = client.writeBalance(CARD, 700);
    expect(socket.lastRequest()).toMatchObject({ type: "write_balance", uuid: CARD, balance: 700 });
    socket.receive({ type: "error", request_id: socket.lastRequest().request_id, code: "card_changed", message: "x" });
    await expect(write).rejects.toMatchObject({ code: "card_changed" });
  });

  it("refuses at once while not connected, and fails what is pending when the connection is lost", async () => {
    const client = newClient();
    await expect(client.read()).rejects.toMatchObject({ code: "not_connected" });
    FakeSocket.last().open();
    FakeSocket.last().receive(hello());
    const pending = client.writeBalance(CARD, 1);
    FakeSocket.last().close();
    await expect(pending).rejects.toMatchObject({ code: "not_connected" });
  });
});

describe("states", () => {
  it("is no_reader when the bridge has none and waiting once one is plugged in", () => {
    const { client, socket } = connectedClient([]);
    expect(client.getSnapshot().state).toBe("no_reader");
    socket.receive({ type: "reader_attached", reader: READER });
    expect(client.getSnapshot()).toMatchObject({ state: "waiting", readers: [READER] });
    socket.receive({ type: "reader_removed", reader: READER });
    expect(client.getSnapshot().state).toBe("no_reader");
  });

  it("reads a card as soon as it is put on the reader and shows its balance", () => {
    const { client, socket } = connectedClient();
    socket.receive({ type: "card_present", reader: READER, uuid: CARD });
    expect(client.getSnapshot()).toMatchObject({ state: "reading", presentCard: { uuid: CARD }, card: null });
    const read = socket.lastRequest();
    expect(read.type).toBe("read");

    socket.receive({ type: "read_result", request_id: read.request_id, reader: READER, uuid: CARD, balance: 1500 });
    expect(client.getSnapshot()).toMatchObject({ state: "card", card: { reader: READER, uuid: CARD, balance: 1500 } });

    socket.receive({ type: "card_removed", reader: READER });
    expect(client.getSnapshot()).toMatchObject({ state: "waiting", card: null, presentCard: null });
  });

  it("shows a written balance on the card", async () => {
    const { client, socket } = connectedClient();
    socket.receive({ type: "card_present", reader: READER, uuid: CARD });
    const read = socket.lastRequest();
    socket.receive({ type: "read_result", request_id: read.request_id, reader: READER, uuid: CARD, balance: null });
    expect(client.getSnapshot().card?.balance).toBeNull();

    const write = client.writeBalance(CARD, 2500);
    socket.receive({ type: "write_result", request_id: socket.lastRequest().request_id, uuid: CARD, balance: 2500 });
    await expect(write).resolves.toEqual({ uuid: CARD, balance: 2500 });
    expect(client.getSnapshot()).toMatchObject({ state: "card", card: { balance: 2500 } });
  });

  it("says why a card that arrived could not be read", async () => {
    const { client, socket } = connectedClient();
    socket.receive({ type: "card_present", reader: READER, uuid: CARD });
    const read = socket.lastRequest();
    socket.receive({
      type: "error",
      request_id: read.request_id,
      code: "read_failed",
      message: "authentication failed",
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(client.getSnapshot()).toMatchObject({
      state: "waiting",
      presentCard: { uuid: CARD },
      error: { code: "read_failed", message: "authentication failed" },
    });
  });

  it("forgets the card when its reader is unplugged", () => {
    const { client, socket } = connectedClient();
    socket.receive({ type: "card_present", reader: READER, uuid: CARD });
    socket.receive({ type: "reader_removed", reader: READER });
    expect(client.getSnapshot()).toMatchObject({ state: "no_reader", presentCard: null, card: null });
  });
});

describe("close", () => {
  it("leaves no timer and no socket behind", async () => {
    const { client, socket } = connectedClient();
    socket.receive({ type: "card_present", reader: READER, uuid: CARD });
    const write = client.writeBalance(CARD, 10);
    expect(vi.getTimerCount()).toBeGreaterThan(0);

    client.close();
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.readyState).toBe(3);
    await expect(write).rejects.toMatchObject({ code: "closed" });
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("stops retrying when closed while the bridge is away", () => {
    const client = newClient();
    FakeSocket.last().refuse();
    expect(vi.getTimerCount()).toBe(1);
    client.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
