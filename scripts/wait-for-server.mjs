// How `npm start` knows that the server it spawned is ready. The server writes DATA_DIR/admin.json
// (apps/server/src/modules/devices/admin-provision.ts) with its pid and `port: null` before it opens
// the database, and again with its port once it listens — after migrating and seeding. So the file
// says "ready" only when it names this server's pid and a port: one left by an earlier run names
// another pid. The ready file also names the demo fleet file the server wrote at this start
// (`demo_fleet`, its name in DATA_DIR): a fleet file an earlier run left, with another run's
// machines or secrets, is never run.
import fs from "node:fs";
import path from "node:path";

/** What the server with this pid says once ready: its port and the fleet file it wrote, or null. */
function readyState(readyFile, pid) {
  try {
    const ready = JSON.parse(fs.readFileSync(readyFile, "utf8"));
    if (ready.pid !== pid || !Number.isInteger(ready.port)) return null;
    return { port: ready.port, demoFleet: typeof ready.demo_fleet === "string" ? ready.demo_fleet : null };
  } catch {
    return null;
  }
}

/** The port the server with this pid listens on, as `readyFile` says; null while it does not say so. */
export function readyPort(readyFile, pid) {
  return readyState(readyFile, pid)?.port ?? null;
}

/** Whether the ready server with this pid wrote `fleetFile` at this start (its ready file names it). */
export function fleetOfThisStart(readyFile, pid, fleetFile) {
  const named = readyState(readyFile, pid)?.demoFleet;
  if (!named) return false;
  return path.resolve(path.dirname(readyFile), named) === path.resolve(fleetFile);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the server process `pid` to be ready, however long its first seeding takes: answers its
 * port, or null once `alive()` says the process ended. There is no deadline while it lives.
 */
export async function waitForServer({ readyFile, pid, alive, intervalMs = 500, sleep = pause }) {
  for (;;) {
    if (!alive()) return null;
    const port = readyPort(readyFile, pid);
    if (port !== null) return port;
    await sleep(intervalMs);
  }
}

/**
 * Starts the demo fleet once the server is ready, if it wrote one at this start (`fleetFile`,
 * written after seeding, before the server listens, and named by its ready file). Answers whether
 * it started.
 */
export async function startFleetWhenReady({ fleetFile, start, ...server }) {
  const port = await waitForServer(server);
  if (port === null || !server.alive()) return false;
  if (!fleetOfThisStart(server.readyFile, server.pid, fleetFile) || !fs.existsSync(fleetFile)) return false;
  start();
  return true;
}
