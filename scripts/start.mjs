// `npm start`: build the console and bundle the server and simulator when their sources are newer
// than their builds, then run the server (which migrates, seeds what of the demo is missing — never
// in production — and serves API and console on one port).
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { consoleBuildIsCurrent } from "./console-build.mjs";
import { buildStaleBundles, bundleOutput } from "./server-build.mjs";
import { startFleetWhenReady } from "./wait-for-server.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (!consoleBuildIsCurrent(root)) {
  console.log("Building the console…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await buildStaleBundles(root);
const serverBundle = bundleOutput("server");
const simulatorBundle = bundleOutput("simulator");

const server = spawn(process.execPath, ["--enable-source-maps", serverBundle], { cwd: root, stdio: "inherit" });
const children = [server];
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
server.on("exit", (code) => {
  for (const child of children) if (child !== server) child.kill("SIGTERM");
  process.exit(code ?? 0);
});

// The demo fleet: once the server is ready (migrated, seeded, listening: DATA_DIR/admin.json names its
// pid and port) and says it wrote the fleet file at this start (DATA_DIR/demo-fleet.json, named by
// admin.json's demo_fleet), the simulator runs its machines against the server's broker, so the
// console shows machines that really answer. It waits as long as the first seeding takes; if the
// server exits first, so does this script (above). DEMO_FLEET=0 leaves it out, and production
// (NODE_ENV=production) has no demo; DEMO_TIME_SCALE makes the machines' day pass faster (default 10).
const dataDir = path.resolve(root, process.env.DATA_DIR ?? "./data");
const fleetFile = path.join(dataDir, "demo-fleet.json");
const broker = process.env.MQTT_URL || `mqtt://127.0.0.1:${process.env.MQTT_EMBEDDED_PORT || 1884}`;
const demo = process.env.NODE_ENV !== "production" && process.env.SEED_DEMO !== "0";
if (demo && process.env.DEMO_FLEET !== "0") {
  void startFleetWhenReady({
    readyFile: path.join(dataDir, "admin.json"),
    pid: server.pid,
    alive: () => server.exitCode === null && server.signalCode === null,
    fleetFile,
    start: () => {
      const args = ["--broker", broker, "--fleet", fleetFile, "--time-scale", process.env.DEMO_TIME_SCALE || "10"];
      const simulator = spawn(process.execPath, ["--enable-source-maps", simulatorBundle, ...args], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
      });
      // The demo machines are background life: the console the operator is opening comes first.
      try {
        os.setPriority(simulator.pid, 10);
      } catch {
        // not allowed here: they run at the console's priority
      }
      children.push(simulator);
      console.log(`Demo fleet: simulated machines from ${path.relative(root, fleetFile)} on ${broker}`);
    },
  });
}
