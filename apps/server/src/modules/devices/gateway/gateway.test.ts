import net from "node:net";
import { deviceTopic } from "@washboard/device-protocol";
import { Aedes } from "aedes";
import Fastify from "fastify";
import { afterEach, expect, it } from "vitest";
import { freePort } from "../../../test/harness.js";
import { DeviceGateway } from "./gateway.js";

/**
 * The gateway keeps nothing to send later: a command in flight when the connection breaks is not
 * sent again on reconnecting, and nothing is published while disconnected (the server decides when
 * a waiting command goes out; a command it declared timed out must never arrive).
 */
interface TestBroker {
  published: string[];
  close(): Promise<void>;
}

/** A bare broker that admits anyone; with `holdCommands` it never acknowledges a command's publish. */
async function broker(port: number, holdCommands: boolean): Promise<TestBroker> {
  const published: string[] = [];
  const aedes = await Aedes.createBroker({
    authorizePublish: (_client, packet, done) => {
      if (packet.topic.endsWith("/cmd")) {
        published.push(packet.payload.toString());
        if (holdCommands) return; // no answer: the publish stays in flight
      }
      done(null);
    },
  });
  const server = net.createServer(aedes.handle);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    published,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const command = (id: string) => ({ v: 1 as const, id, kind: "restart" as const, sent_at: 1, expires_at: 2 });

it("forgets a command in flight when the connection breaks, and sends nothing while disconnected", async () => {
  const port = await freePort();
  let first = await broker(port, true);
  let connections = 0;
  const gateway = DeviceGateway.connect(
    { url: `mqtt://127.0.0.1:${port}`, username: "gw", password: "pw", sharedGroup: undefined },
    { message: () => undefined, connected: () => void connections++, log: Fastify({ logger: false }).log },
  );
  cleanup.push(() => gateway.close());
  await expect.poll(() => gateway.connected).toBe(true);
  expect(gateway.send("WB-0001", command("in-flight"))).toBe(true);
  await expect.poll(() => first.published.length).toBe(1);

  await first.close();
  await expect.poll(() => gateway.connected).toBe(false);
  expect(gateway.send("WB-0001", command("while-away"))).toBe(false);
  expect(gateway.publishDesired("WB-0001", 3, { price: 500 })).toBe(false);

  const second = await broker(port, false);
  first = second;
  cleanup.push(() => second.close());
  await expect.poll(() => connections, { timeout: 10_000 }).toBe(2);
  // What mqtt.js would send again on reconnecting goes out before anything new: once "now" has
  // arrived, nothing came before it.
  expect(gateway.send("WB-0001", command("now"))).toBe(true);
  const ids = () => second.published.map((p) => JSON.parse(p).id);
  await expect.poll(ids).toContain("now");
  expect(ids()).toEqual(["now"]);
  expect(deviceTopic("WB-0001", "cmd")).toBe("wb/v1/d/WB-0001/cmd");
});
