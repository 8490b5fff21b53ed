import net from "node:net";
import type { BrokerClient } from "@washboard/device-protocol";
import { Aedes, type Client } from "aedes";
import type { BrokerAccess } from "./broker-access.js";

export interface EmbeddedBroker {
  url: string;
  close(): Promise<void>;
}

/**
 * The MQTT broker of a single-machine install (no MQTT_URL): Aedes on 127.0.0.1, admitting clients
 * through the same `BrokerAccess` check a production broker reaches over the HTTP hooks.
 */
export async function startEmbeddedBroker(access: BrokerAccess, port: number): Promise<EmbeddedBroker> {
  const clients = new WeakMap<Client, BrokerClient>();
  const broker = await Aedes.createBroker({
    authenticate: (client, username, password, done) => {
      access
        .authenticate(client.id, username, password?.toString("utf8"))
        .then((who) => {
          if (who) clients.set(client, who);
          if (who) done(null, true);
          else done(Object.assign(new Error("not authorized"), { returnCode: 5 }), false);
        })
        .catch((error: Error) => done(Object.assign(error, { returnCode: 3 }), false));
    },
    authorizePublish: (client, packet, done) => {
      const who = client ? clients.get(client) : undefined;
      done(access.allows(who ?? null, "publish", packet.topic) ? null : new Error("publish not allowed"));
    },
    authorizeSubscribe: (client, subscription, done) => {
      const who = clients.get(client);
      // A refused subscription is answered with a failure code rather than closing the connection.
      done(null, access.allows(who ?? null, "subscribe", subscription.topic) ? subscription : null);
    },
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
