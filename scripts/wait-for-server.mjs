// How `npm start` knows that the server it spawned is ready. The server writes DATA_DIR/admin.json
// (apps/server/src/modules/devices/admin-provision.ts) with its pid and `port: null` before it opens
// the database, and again with its port once it listens — after migrating and seeding. So the file
// says "ready" only when it names this server's pid and a port: one left by an earlier run names
// another pid, and the demo fleet file it may have left beside it is not trusted before then.
import fs from "node:fs";

/** The port the server with this pid listens on, as `readyFile` says; null while it does not say so. */
export function readyPort(readyFile, pid) {
  try {
    const ready = JSON.parse(fs.readFileSync(readyFile, "utf8"));
    return ready.pid === pid && Number.isInteger(ready.port) ? ready.port : null;
  } catch {
    return null;
  }
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
 * Starts the demo fleet once the server is ready, if it seeded one (`fleetFile`, written while
 * seeding, so before the server listens). Answers whether it started.
 */
export async function startFleetWhenReady({ fleetFile, start, ...server }) {
  const port = await waitForServer(server);
  if (port === null || !server.alive() || !fs.existsSync(fleetFile)) return false;
  start();
  return true;
}
