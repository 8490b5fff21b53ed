import { readFileSync } from "node:fs";
import net from "node:net";
import tls from "node:tls";
import type { BrokerClient } from "@washboard/device-protocol";
import { Aedes, type Client } from "aedes";
import type { BrokerAccess } from "./broker-access.js";

export interface EmbeddedBroker {
  /** Where the server's own gateway connects (plain MQTT). */
  url: string;
  /** Where machines connect over TLS, when a certificate was given. */
  tlsUrl: string | undefined;
  close(): Promise<void>;
}

export interface EmbeddedBrokerOptions {
  port: number;
  /** The address to listen on; 127.0.0.1 unless machines on the network connect to it. */
  host?: string;
  /** PEM files: MQTT over TLS on `tlsPort` as well. */
  tls?: { certFile: string; keyFile: string; port: number };
  /** A device's connection ended, cleanly or not (its will, if any, is the broker's business). */
  onDeviceGone?: (serial: string) => void;
}

/**
 * The MQTT broker of a single-machine install (no MQTT_URL): Aedes, admitting clients through the
 * same `BrokerAccess` check a production broker reaches over the HTTP hooks. It says when a device's
 * connection ends — a clean disconnect discards the device's will, so only the broker knows.
 */
export async function startEmbeddedBroker(
  access: BrokerAccess,
  options: EmbeddedBrokerOptions,
): Promise<EmbeddedBroker> {
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
  broker.on("clientDisconnect", (client) => {
    const who = clients.get(client);
    if (who?.role !== "device") return;
    // The same machine connecting again takes over its client id: the old connection ending then
    // is not the machine leaving.
    const current = (broker as unknown as { clients: Record<string, Client | undefined> }).clients[client.id];
    if (current && current !== client) return;
    options.onDeviceGone?.(who.serial);
  });
  const host = options.host ?? "127.0.0.1";
  const plain = net.createServer(broker.handle);
  await listen(plain, options.port, host);
  let secure: tls.Server | undefined;
  if (options.tls) {
    secure = tls.createServer(
      { cert: readFileSync(options.tls.certFile), key: readFileSync(options.tls.keyFile) },
      broker.handle,
    );
    await listen(secure, options.tls.port, host);
  }
  const local = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host;
  const urlHost = local.includes(":") ? `[${local}]` : local;
  return {
    url: `mqtt://${urlHost}:${(plain.address() as net.AddressInfo).port}`,
    tlsUrl: secure ? `mqtts://${urlHost}:${(secure.address() as net.AddressInfo).port}` : undefined,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => plain.close(() => resolve()));
      if (secure) await new Promise<void>((resolve) => secure.close(() => resolve()));
    },
  };
}

function listen(server: net.Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
}
