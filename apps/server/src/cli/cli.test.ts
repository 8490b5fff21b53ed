import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { API } from "@washboard/shared";
import { afterAll, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { loadConfig } from "../platform/config.js";
import { openDatabase } from "../platform/db/client.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-"));
// The CLI runs on its own embedded database here, whatever the suite's DATABASE_URL.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("migrates, seeds once, and creates an account that can sign in", async () => {
  expect((await cli("migrate")).stdout).toContain("Migrations applied.");
  expect((await cli("seed")).stdout).toContain("Demo tenant seeded.");
  expect((await cli("seed")).stdout).toContain("Demo tenant already present.");
  // The demo's orders are rolled up as they are written; a rebuild from scratch gives the same rows.
  expect((await cli("rebuild-rollups")).stdout).toMatch(
    /Revenue rollups rebuilt: [1-9]\d* daily rows; order totals: [1-9]\d* rows/,
  );
  const created = await cli(
    "create-account",
    "--username",
    "cli_owner",
    "--password",
    "secret123",
    "--level",
    "3",
    "--vendor-id",
    "1",
  );
  expect(created.stdout).toMatch(/Account cli_owner created \(id \d+\)\./);

  const database = await openDatabase({ dataDir });
  const app = await buildApp({ ...loadConfig({}), dataDir, webDist: undefined, secretKey: undefined }, database, {
    logger: false,
  });
  try {
    const response = await app.inject({
      method: "POST",
      url: API.auth.login.path,
      headers: { "api-key": "washboard-console" },
      payload: { login: "cli_owner", password: "secret123" },
    });
    expect(response.json()).toMatchObject({ status: 200, result: { level: 3, vendor_id: 1 } });
  } finally {
    await app.close();
    await database.close();
  }
}, 180_000);

it("refuses an incomplete create-account with the usage, and exits non-zero", async () => {
  const failure = await cli("create-account", "--username", "half").catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(failure).toMatchObject({ code: 1 });
  expect((failure as { stderr: string }).stderr).toContain("create-account needs --username, --password and --level");
}, 60_000);
