import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { BrokerAccess } from "../modules/devices/broker/broker-access.js";
import { startEmbeddedBroker } from "../modules/devices/broker/embedded-broker.js";

/** A broker a test may stop and start again on the same port, as a broker restart or failover does. */
export interface StoppableBroker {
  url: string;
  /** Which broker it is: "mosquitto" (a process of the test's own) or "embedded" (Aedes). */
  kind: "mosquitto" | "embedded";
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.end();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

/**
 * Where the suite runs against a real Mosquitto (MQTT_URL set: CI's PostgreSQL pass), a Mosquitto
 * process of the test's own on `port` — the machine's shared one cannot be stopped under other test
 * files — open to any client, as a test rig's is. Otherwise the embedded broker, admitting through
 * `access`.
 */
export function stoppableBroker(port: number, access: BrokerAccess): StoppableBroker {
  const url = `mqtt://127.0.0.1:${port}`;
  if (process.env.MQTT_URL) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-test-mosquitto-"));
    const config = path.join(dir, "mosquitto.conf");
    fs.writeFileSync(
      config,
      [`listener ${port} 127.0.0.1`, "allow_anonymous true", "persistence false", ""].join("\n"),
    );
    let child: ChildProcess | null = null;
    return {
      url,
      kind: "mosquitto",
      async start() {
        child = spawn("mosquitto", ["-c", config], { stdio: "ignore" });
        for (let i = 0; i < 200 && !(await listening(port)); i++) await new Promise((r) => setTimeout(r, 25));
      },
      async stop() {
        const running = child;
        child = null;
        if (!running || running.exitCode !== null) return;
        const exited = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGTERM");
        await exited;
      },
    };
  }
  let embedded: Awaited<ReturnType<typeof startEmbeddedBroker>> | null = null;
  return {
    url,
    kind: "embedded",
    async start() {
      embedded = await startEmbeddedBroker(access, { port });
    },
    async stop() {
      await embedded?.close();
      embedded = null;
    },
  };
}
