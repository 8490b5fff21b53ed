// Seconds from `npm start` on a prepared checkout (installed and built) to a ready login page in
// Chromium, on a fresh embedded database (migrations and seed included). Goal ≤ 10 s. Median of 3.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, root, writeResult } from "./lib.mjs";

const port = 18192;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});
const runs = [];
for (let i = 0; i < 3; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-start-"));
  const started = performance.now();
  const child = spawn("npm", ["start"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn" },
    stdio: "ignore",
    detached: true,
  });
  // Wait for the port with a cheap request, as a person waits for the printed URL: a browser retrying a
  // refused page renders an error page each time and takes the CPU the starting server needs.
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/#/login`);
  await page.getByTestId("login-card").waitFor({ timeout: 30_000 });
  const seconds = (performance.now() - started) / 1000;
  runs.push(Math.round(seconds * 100) / 100);
  console.log(`run ${i + 1}: ${seconds.toFixed(2)} s`);
  await page.close();
  process.kill(-child.pid, "SIGTERM");
  await new Promise((r) => setTimeout(r, 1_000));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
await browser.close();
const median = [...runs].sort((a, b) => a - b)[1];
writeResult("startup", { goal_seconds: 10, runs_seconds: runs, median_seconds: median });
