// A Mosquitto of a benchmark's own (bench/devices.mjs, bench/ota.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A Mosquitto of the bench's own, with the one setting the protocol document asks of a production
 * broker: a queue per client deep enough that the gateway, briefly behind (a pause of its event
 * loop), is caught up rather than dropped — Mosquitto's default of 1,000 queued messages dropped
 * 0.01 to 0.02 % of a 5-minute run here. Its log says whether it dropped anything anyway.
 */
export async function ownBroker() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-bench-mosquitto-"));
  const free = await new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const log = path.join(dir, "mosquitto.log");
  fs.writeFileSync(
    path.join(dir, "mosquitto.conf"),
    [
      `listener ${free} 127.0.0.1`,
      "allow_anonymous true",
      "persistence false",
      "max_queued_messages 1000000",
      `log_dest file ${log}`,
      "log_type warning",
      "log_type error",
      "",
    ].join("\n"),
  );
  const child = spawn("mosquitto", ["-c", path.join(dir, "mosquitto.conf")], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    const up = await new Promise((resolve) => {
      const socket = net
        .connect(free, "127.0.0.1", () => resolve(socket.end() && true))
        .on("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `mqtt://127.0.0.1:${free}`,
    dropped: () => (fs.existsSync(log) ? (fs.readFileSync(log, "utf8").match(/dropped/gi)?.length ?? 0) : 0),
    stop: () => {
      child.kill("SIGTERM");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
