import { afterEach, expect, it } from "vitest";
import WebSocket from "ws";
import {
  CardReaderClient,
  type CardReaderSnapshot,
} from "../../web/src/features/user-cards/reader/card-reader-client.js";
import { type RunningBridge, startBridge } from "./bridge.js";
import { SimulatedReader } from "./readers/simulated.js";
import { type RunningTapServer, startTapServer } from "./readers/tap-server.js";
import { tapApi } from "./test/test-console.js";

/*
 * The console's client as the browser runs it, with the `ws` package's WebSocket in the browser's
 * place, against a real bridge and the simulated reader. Only the reconnect wait is shortened.
 */

const RECONNECT_MS = 200;
const CARD = "04A1B2C3";

const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Resolves with the first snapshot for which `wanted` holds; fails after 5 s. */
function until(
  client: CardReaderClient,
  wanted: (snapshot: CardReaderSnapshot) => boolean,
): Promise<CardReaderSnapshot> {
  return new Promise((resolve, reject) => {
    if (wanted(client.getSnapshot())) {
      resolve(client.getSnapshot());
      return;
    }
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`still ${JSON.stringify(client.getSnapshot())} after 5 s`));
    }, 5000);
    const stop = client.subscribe((snapshot) => {
      if (!wanted(snapshot)) return;
      clearTimeout(timer);
      stop();
      resolve(snapshot);
    });
  });
}

it("reads and writes a card through a real bridge and reconnects by itself when the bridge comes back", async () => {
  const reader = new SimulatedReader();
  cleanups.push(() => reader.close());
  let bridge: RunningBridge = await startBridge({ port: 0, reader });
  const port = bridge.port;
  cleanups.push(() => bridge.close());
  const tap: RunningTapServer = await startTapServer({ port: 0, reader });
  cleanups.push(() => tap.close());

  const client = new CardReaderClient({ url: `ws://127.0.0.1:${port}`, WebSocket, reconnectMs: RECONNECT_MS });
  cleanups.push(() => client.close());
  expect(await until(client, (s) => s.state !== "connecting")).toMatchObject({ state: "waiting", simulated: true });

  await tapApi(tap.port, "/tap", { uuid: CARD, balance: 1500 });
  const shown = await until(client, (s) => s.state === "card");
  expect(shown.card).toEqual({ reader: reader.readers()[0], uuid: CARD, balance: 1500 });

  expect(await client.writeBalance(CARD, 2000)).toEqual({ uuid: CARD, balance: 2000 });
  expect(client.getSnapshot().card?.balance).toBe(2000);
  expect(reader.state().card).toEqual({ uuid: CARD, balance: 2000 });
  await expect(client.writeBalance("04FFFFFF", 1)).rejects.toMatchObject({ code: "card_changed" });
  expect(await client.read()).toMatchObject({ uuid: CARD, balance: 2000 });

  await bridge.close();
  expect(await until(client, (s) => s.state === "failed")).toMatchObject({ card: null, readers: [] });
  await expect(client.read()).rejects.toMatchObject({ code: "not_connected" });

  // The app is started again on its port: the card still lies on the reader and shows again.
  bridge = await startBridge({ port, reader });
  const back = await until(client, (s) => s.state === "card");
  expect(back.card).toMatchObject({ uuid: CARD, balance: 2000 });
});
