import http from "node:http";
import net from "node:net";
import { afterEach, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "./test/server-process.js";

const API_KEY = "washboard-console";
const STOP_TIMEOUT_MS = 8_000;

const started: ServerProcess[] = [];
afterEach(() => {
  for (const server of started.splice(0)) server.dispose();
});

/** The real server process on a fresh embedded database with the demo's accounts (no shops). */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    env: { SEED_DEMO_SHOPS: "0", STOP_TIMEOUT_MS: String(STOP_TIMEOUT_MS) },
  });
  started.push(server);
  return server;
}

async function signIn(port: number): Promise<string> {
  const answer = await fetch(`http://127.0.0.1:${port}/api/Auth/login`, {
    method: "POST",
    headers: { "api-key": API_KEY, "content-type": "application/json" },
    body: JSON.stringify({ login: "vendor_admin", password: "demo1234" }),
  });
  const envelope = (await answer.json()) as { result: { token: string } };
  return envelope.result.token;
}

/** A browser's live stream: what it received, and whether the server ended it. */
function openStream(port: number, token: string) {
  const received: string[] = [];
  let ended = false;
  const opened = new Promise<void>((resolve, reject) => {
    const request = http.get(
      {
        host: "127.0.0.1",
        port,
        path: "/api/live/events",
        headers: { "api-key": API_KEY, authorization: `Bearer ${token}` },
      },
      (response) => {
        response.on("data", (chunk: Buffer) => {
          received.push(chunk.toString("utf8"));
          resolve();
        });
        response.on("end", () => {
          ended = true;
        });
        response.on("error", () => undefined);
      },
    );
    request.on("error", reject);
  });
  return { opened, received, ended: () => ended };
}

/** Steady reads on keep-alive connections until stopped: the answers' statuses, and failures. */
function steadyLoad(port: number, token: string, connections: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const statuses = new Map<number, number>();
  let failures = 0;
  let running = true;
  const body = JSON.stringify({ token });
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          agent,
          method: "POST",
          path: "/api/Shop/get_shopall_by_vendor",
          headers: {
            "api-key": API_KEY,
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          statuses.set(response.statusCode ?? 0, (statuses.get(response.statusCode ?? 0) ?? 0) + 1);
          response.resume();
          response.on("end", resolve);
          response.on("error", () => resolve());
        },
      );
      request.on("error", () => {
        failures++;
        resolve();
      });
      request.end(body);
    });
  const loops = Array.from({ length: connections }, async () => {
    while (running) await one();
  });
  return {
    statuses,
    failures: () => failures,
    stop: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

it("answers /healthz and /readyz unauthenticated, then stops on SIGTERM under steady load with a live stream open: the stream ends with a retry hint, busy keep-alive clients are told to close, and it exits before half the stop time", {
  timeout: 120_000,
}, async () => {
  const server = await startServer();
  const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  expect(health.status).toBe(200);
  expect(await health.json()).toEqual({ status: "ok" });
  const ready = await fetch(`http://127.0.0.1:${server.port}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { running: true, database: true, migrations: true, devices: true },
  });

  const token = await signIn(server.port);
  const stream = openStream(server.port, token);
  await stream.opened;
  const load = steadyLoad(server.port, token, 16);
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const stopAsked = performance.now();
  server.child.kill("SIGTERM");
  const code = await server.exited;
  const took = performance.now() - stopAsked;
  await load.stop();

  expect(code).toBe(0);
  expect(took).toBeLessThan(STOP_TIMEOUT_MS / 2);
  expect(server.output()).not.toContain("closing the connections still open");
  expect(stream.ended()).toBe(true);
  expect(stream.received.join("")).toMatch(/retry: \d+\n\n$/);
  // Reads were answered before the stop; during it, only "unavailable" (a balancer retries elsewhere).
  expect(load.statuses.get(200)).toBeGreaterThan(0);
  expect([...load.statuses.keys()].filter((status) => status !== 200 && status !== 503)).toEqual([]);
});

it("stops within its stop time when a client holds a request open: connections still busy at half the time are closed", {
  timeout: 120_000,
}, async () => {
  const server = await startServer();
  // A request whose body never comes: the server waits for it until the stop closes the connection.
  const stuck = net.connect(server.port, "127.0.0.1");
  stuck.on("error", () => undefined);
  let closedByServer = false;
  stuck.on("close", () => {
    closedByServer = true;
  });
  stuck.write(
    `POST /api/Auth/login HTTP/1.1\r\nHost: x\r\napi-key: ${API_KEY}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"login":`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));

  const stopAsked = performance.now();
  server.child.kill("SIGTERM");
  const code = await server.exited;
  const took = performance.now() - stopAsked;

  expect(code).toBe(0);
  expect(took).toBeGreaterThanOrEqual(STOP_TIMEOUT_MS / 2 - 100);
  expect(took).toBeLessThan(STOP_TIMEOUT_MS);
  expect(server.output()).toContain("closing the connections still open");
  expect(closedByServer).toBe(true);
});
