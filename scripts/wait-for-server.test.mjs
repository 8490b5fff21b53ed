import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fleetOfThisStart, readyPort, startFleetWhenReady, waitForServer } from "./wait-for-server.mjs";

/** `npm start` starts the demo fleet once the server it spawned is ready, however long seeding takes. */
const SERVER_PID = 4242;
let dir;
let readyFile;
let fleetFile;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-start-"));
  readyFile = path.join(dir, "admin.json");
  fleetFile = path.join(dir, "demo-fleet.json");
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

const write = (file, content) => fs.writeFileSync(file, JSON.stringify(content));

/**
 * A server on a simulated clock: `events` happen when the clock reaches their time (what the real
 * server writes, or its exit); `sleep` only moves the clock, so minutes pass at once.
 */
function simulatedServer(events) {
  const clock = { now: 0, exited: false };
  const pending = [...events].sort((a, b) => a.at - b.at);
  return {
    clock,
    alive: () => !clock.exited,
    sleep: async (ms) => {
      clock.now += ms;
      while (pending.length > 0 && pending[0].at <= clock.now) pending.shift().happen(clock);
    },
  };
}

describe("the server's readiness", () => {
  it("is admin.json naming the server's pid and a port", () => {
    expect(readyPort(readyFile, SERVER_PID)).toBeNull();
    write(readyFile, { pid: SERVER_PID, port: null });
    expect(readyPort(readyFile, SERVER_PID)).toBeNull();
    write(readyFile, { pid: 1111, port: 8080, token: "old" });
    expect(readyPort(readyFile, SERVER_PID)).toBeNull();
    fs.writeFileSync(readyFile, "{half");
    expect(readyPort(readyFile, SERVER_PID)).toBeNull();
    write(readyFile, { pid: SERVER_PID, port: 8080, token: "t" });
    expect(readyPort(readyFile, SERVER_PID)).toBe(8080);
  });
});

describe("starting the demo fleet", () => {
  it("waits as long as the first seeding takes — here ten minutes, far past the old two — then starts it", async () => {
    // An earlier run's files: a fleet file and an admin.json of another server process.
    write(fleetFile, { devices: [] });
    write(readyFile, { pid: 1111, port: 8080, token: "old" });
    const server = simulatedServer([
      { at: 1_000, happen: () => write(readyFile, { pid: SERVER_PID, port: null }) },
      {
        at: 600_000,
        happen: () => {
          write(fleetFile, []);
          write(readyFile, { pid: SERVER_PID, port: 8080, token: "t", demo_fleet: "demo-fleet.json" });
        },
      },
    ]);
    const start = vi.fn(() => expect(server.clock.now).toBeGreaterThanOrEqual(600_000));
    const started = await startFleetWhenReady({
      readyFile,
      fleetFile,
      pid: SERVER_PID,
      alive: server.alive,
      sleep: server.sleep,
      start,
    });
    expect(started).toBe(true);
    expect(start).toHaveBeenCalledOnce();
    // It started as soon as the server said it was ready, not a poll later.
    expect(server.clock.now).toBe(600_000);
  });

  it("does not start on a fleet file left by an earlier run while this server is still seeding", async () => {
    write(fleetFile, { devices: [] });
    write(readyFile, { pid: 1111, port: 8080, token: "old" });
    const server = simulatedServer([{ at: 300_000, happen: (clock) => (clock.exited = true) }]);
    const start = vi.fn();
    const started = await startFleetWhenReady({
      readyFile,
      fleetFile,
      pid: SERVER_PID,
      alive: server.alive,
      sleep: server.sleep,
      start,
    });
    // The server ended before it was ready: nothing started, and the wait ended with it.
    expect(started).toBe(false);
    expect(start).not.toHaveBeenCalled();
    expect(server.clock.now).toBe(300_000);
  });

  it("does not start on an earlier run's fleet file when the ready server wrote none at this start", async () => {
    // The file is there, with another start's machines: the ready server does not name it.
    write(fleetFile, [{ serial: "WB-OLD", secret: "stale", machine_type: "washer" }]);
    const server = simulatedServer([
      { at: 2_000, happen: () => write(readyFile, { pid: SERVER_PID, port: 8080, token: "t" }) },
    ]);
    const start = vi.fn();
    const options = { readyFile, fleetFile, pid: SERVER_PID, alive: server.alive, sleep: server.sleep, start };
    expect(await startFleetWhenReady(options)).toBe(false);
    expect(start).not.toHaveBeenCalled();
    expect(fleetOfThisStart(readyFile, SERVER_PID, fleetFile)).toBe(false);
    write(readyFile, { pid: SERVER_PID, port: 8080, token: "t", demo_fleet: "demo-fleet.json" });
    expect(fleetOfThisStart(readyFile, SERVER_PID, fleetFile)).toBe(true);
    expect(fleetOfThisStart(readyFile, 1111, fleetFile)).toBe(false);
  });

  it("does not start when the ready server seeded no fleet", async () => {
    const server = simulatedServer([
      { at: 2_000, happen: () => write(readyFile, { pid: SERVER_PID, port: 8080, token: "t" }) },
    ]);
    const start = vi.fn();
    const options = { readyFile, fleetFile, pid: SERVER_PID, alive: server.alive, sleep: server.sleep, start };
    expect(await startFleetWhenReady(options)).toBe(false);
    expect(start).not.toHaveBeenCalled();
  });

  it("keeps polling on the real timer with no deadline (fake timers, three minutes)", async () => {
    vi.useFakeTimers();
    const start = vi.fn();
    let settled = false;
    const waiting = startFleetWhenReady({ readyFile, fleetFile, pid: SERVER_PID, alive: () => true, start }).then(
      (started) => {
        settled = true;
        return started;
      },
    );
    await vi.advanceTimersByTimeAsync(180_000);
    expect(settled).toBe(false);
    // Seeding finishes: the fleet file, then the server listens and says so.
    write(fleetFile, []);
    write(readyFile, { pid: SERVER_PID, port: 8080, token: "t", demo_fleet: "demo-fleet.json" });
    await vi.advanceTimersByTimeAsync(500);
    expect(await waiting).toBe(true);
    expect(start).toHaveBeenCalledOnce();
  });

  it("answers null from waitForServer once the server process is gone", async () => {
    expect(await waitForServer({ readyFile, pid: SERVER_PID, alive: () => false })).toBeNull();
  });
});
