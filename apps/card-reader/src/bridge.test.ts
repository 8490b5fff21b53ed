import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningBridge, startBridge } from "./bridge.js";
import { SIMULATED_READER_NAME, SimulatedReader } from "./readers/simulated.js";
import { type RunningTapServer, startTapServer } from "./readers/tap-server.js";
import { TestConsole, tapApi } from "./test/test-console.js";

const CARD = "04A1B2C3";
const OTHER_CARD = "04D5E6F7A8B9C0";

let reader: SimulatedReader;
let bridge: RunningBridge;
let tap: RunningTapServer;
let consoles: TestConsole[];

beforeEach(async () => {
  reader = new SimulatedReader();
  bridge = await startBridge({ port: 0, reader });
  tap = await startTapServer({ port: 0, reader });
  consoles = [];
});

afterEach(async () => {
  await Promise.all(consoles.map((each) => each.close()));
  await bridge.close();
  await tap.close();
  await reader.close();
});

/** A console that has had its hello. */
async function connected(origin?: string): Promise<TestConsole> {
  const testConsole = await TestConsole.connect(bridge.port, origin);
  consoles.push(testConsole);
  expect(await testConsole.next()).toMatchObject({ type: "hello" });
  return testConsole;
}

/** Taps `uuid` through the tap server and waits for the console to hear of it. */
async function tapCard(testConsole: TestConsole, uuid: string, balance?: number): Promise<void> {
  const tapped = await tapApi(tap.port, "/tap", balance === undefined ? { uuid } : { uuid, balance });
  expect(tapped.status).toBe(200);
  expect(await testConsole.next()).toEqual({ type: "card_present", reader: SIMULATED_READER_NAME, uuid });
}

describe("the bridge", () => {
  it("says hello on connect with its readers", async () => {
    const testConsole = await TestConsole.connect(bridge.port);
    consoles.push(testConsole);
    expect(await testConsole.next()).toEqual({
      type: "hello",
      version: 1,
      bridge_version: "0.1.0",
      readers: [SIMULATED_READER_NAME],
      simulated: true,
    });
  });

  it("listens on loopback only", async () => {
    await expect(startBridge({ host: "0.0.0.0", port: 0, reader })).rejects.toThrow(/loopback only/);
  });

  it("tells every console of a card tapped and taken away", async () => {
    const first = await connected();
    const second = await connected();
    await tapCard(first, CARD);
    expect(await second.next()).toEqual({ type: "card_present", reader: SIMULATED_READER_NAME, uuid: CARD });

    expect((await tapApi(tap.port, "/remove")).status).toBe(200);
    expect(await first.next()).toEqual({ type: "card_removed", reader: SIMULATED_READER_NAME });
    expect(await second.next()).toEqual({ type: "card_removed", reader: SIMULATED_READER_NAME });
  });

  it("tells a console that connects while a card lies on the reader", async () => {
    reader.tap(CARD, 100);
    const testConsole = await connected();
    expect(await testConsole.next()).toEqual({ type: "card_present", reader: SIMULATED_READER_NAME, uuid: CARD });
  });

  it("reads the card with its balance", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD, 1500);
    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toEqual({
      type: "read_result",
      request_id: "r1",
      reader: SIMULATED_READER_NAME,
      uuid: CARD,
      balance: 1500,
    });
  });

  it("reads a card that holds no balance as null", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD);
    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toMatchObject({ type: "read_result", balance: null });
  });

  it("writes a balance that the next read gives back, also after the card was away", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD, 1500);
    testConsole.send({ type: "write_balance", request_id: "w1", uuid: CARD, balance: 2750 });
    expect(await testConsole.next()).toEqual({ type: "write_result", request_id: "w1", uuid: CARD, balance: 2750 });

    await tapApi(tap.port, "/remove");
    expect(await testConsole.next()).toMatchObject({ type: "card_removed" });
    await tapCard(testConsole, CARD);
    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toMatchObject({ type: "read_result", uuid: CARD, balance: 2750 });
  });

  it("refuses to write a card that is not the one on the reader", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD, 1500);
    testConsole.send({ type: "write_balance", request_id: "w1", uuid: OTHER_CARD, balance: 1 });
    expect(await testConsole.next()).toMatchObject({ type: "error", request_id: "w1", code: "card_changed" });
    expect(reader.state().card).toEqual({ uuid: CARD, balance: 1500 });
  });

  it("answers a read without a card with no_card", async () => {
    const testConsole = await connected();
    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toMatchObject({ type: "error", request_id: "r1", code: "no_card" });
  });

  it("tells of the reader unplugged and plugged in, and answers no_reader meanwhile", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD);
    expect((await tapApi(tap.port, "/detach")).body).toMatchObject({ attached: false, card: null });
    expect(await testConsole.next()).toEqual({ type: "card_removed", reader: SIMULATED_READER_NAME });
    expect(await testConsole.next()).toEqual({ type: "reader_removed", reader: SIMULATED_READER_NAME });

    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toMatchObject({ type: "error", request_id: "r1", code: "no_reader" });
    expect((await tapApi(tap.port, "/tap", { uuid: CARD })).status).toBe(409);

    await tapApi(tap.port, "/attach");
    expect(await testConsole.next()).toEqual({ type: "reader_attached", reader: SIMULATED_READER_NAME });
  });

  it("answers a repeated request_id with the first answer and does not act on it again", async () => {
    const testConsole = await connected();
    await tapCard(testConsole, CARD, 100);
    const first = { type: "write_balance", request_id: "w1", uuid: CARD, balance: 500 };
    testConsole.send(first);
    const firstAnswer = await testConsole.next();
    expect(firstAnswer).toEqual({ type: "write_result", request_id: "w1", uuid: CARD, balance: 500 });

    testConsole.send({ type: "write_balance", request_id: "w2", uuid: CARD, balance: 800 });
    expect(await testConsole.next()).toMatchObject({ request_id: "w2", balance: 800 });

    // The console's resend of w1 after 1000 ms without an answer: it must not set the balance back to 500.
    testConsole.send(first);
    expect(await testConsole.next()).toEqual(firstAnswer);
    testConsole.send({ type: "read", request_id: "r1" });
    expect(await testConsole.next()).toMatchObject({ type: "read_result", balance: 800 });
  });

  it("remembers answers across connections, as a console resends after reconnecting", async () => {
    const before = await connected();
    await tapCard(before, CARD, 100);
    before.send({ type: "write_balance", request_id: "w1", uuid: CARD, balance: 500 });
    await before.next();
    reader.tap(CARD, 42);
    await before.close();

    const after = await connected();
    await after.next(); // card_present of the card on the reader
    after.send({ type: "write_balance", request_id: "w1", uuid: CARD, balance: 500 });
    expect(await after.next()).toMatchObject({ type: "write_result", request_id: "w1", balance: 500 });
    expect(reader.state().card?.balance).toBe(42);
  });

  it("answers ping with pong", async () => {
    const testConsole = await connected();
    testConsole.send("ping");
    expect(await testConsole.nextFrame()).toBe("pong");
  });

  it("answers bad frames with bad_request and stays connected", async () => {
    const testConsole = await connected();
    testConsole.send("not json");
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request" });
    testConsole.send({ type: "format_card", request_id: "x1" });
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request", request_id: "x1" });
    testConsole.send({ type: "write_balance", request_id: "x2", uuid: CARD, balance: -1 });
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request", request_id: "x2" });
    testConsole.send({ type: "write_balance", request_id: "x3", uuid: "not a uid", balance: 1 });
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request", request_id: "x3" });
    testConsole.send(Buffer.from([1, 2, 3]));
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request" });
    testConsole.send("[]");
    expect(await testConsole.next()).toMatchObject({ type: "error", code: "bad_request" });

    expect(testConsole.open).toBe(true);
    testConsole.send("ping");
    expect(await testConsole.nextFrame()).toBe("pong");
  });

  it("lets the console's own pages in and refuses a page of another site", async () => {
    await connected("http://localhost:5173");
    await connected("http://127.0.0.1:4173");

    await expect(TestConsole.connect(bridge.port, "https://evil.example")).rejects.toThrow(/403/);
    await expect(TestConsole.connect(bridge.port, "null")).rejects.toThrow(/403/);
  });

  it("lets in an origin it was told to allow", async () => {
    const told = await startBridge({ port: 0, reader, allowedOrigins: ["https://console.example.com"] });
    try {
      const allowed = await TestConsole.connect(told.port, "https://console.example.com");
      expect(await allowed.next()).toMatchObject({ type: "hello" });
      await allowed.close();
      await expect(TestConsole.connect(told.port, "http://localhost:5173")).rejects.toThrow(/403/);
    } finally {
      await told.close();
    }
  });

  it("answers plain HTTP with 426 and says what it is", async () => {
    const response = await fetch(`http://127.0.0.1:${bridge.port}/`);
    expect(response.status).toBe(426);
    expect(await response.text()).toMatch(/card-reader bridge/);
  });

  it("says goodbye to its consoles when it stops", async () => {
    const testConsole = await connected();
    await bridge.close();
    await expect.poll(() => testConsole.open).toBe(false);
    bridge = await startBridge({ port: 0, reader }); // for afterEach
  });
});

describe("the tap server", () => {
  it("shows the reader's state and remembers each card's balance across taps", async () => {
    expect((await tapApi(tap.port, "/state")).body).toEqual({
      attached: true,
      reader: SIMULATED_READER_NAME,
      card: null,
      balances: {},
    });
    await tapApi(tap.port, "/tap", { uuid: "04a1b2c3", balance: 300 });
    await tapApi(tap.port, "/tap", { uuid: OTHER_CARD });
    const back = await tapApi(tap.port, "/tap", { uuid: CARD });
    expect(back.body).toEqual({
      attached: true,
      reader: SIMULATED_READER_NAME,
      card: { uuid: CARD, balance: 300 },
      balances: { [CARD]: 300, [OTHER_CARD]: null },
    });
  });

  it("refuses what it does not understand", async () => {
    expect((await tapApi(tap.port, "/tap", { uuid: "xyz" })).status).toBe(400);
    expect((await tapApi(tap.port, "/tap", { uuid: CARD, balance: -3 })).status).toBe(400);
    expect((await tapApi(tap.port, "/tap", undefined, { method: "GET" })).status).toBe(405);
    expect((await tapApi(tap.port, "/format")).status).toBe(404);
    expect((await tapApi(tap.port, "/state", undefined, { headers: { origin: "https://evil.example" } })).status).toBe(
      403,
    );
  });
});
