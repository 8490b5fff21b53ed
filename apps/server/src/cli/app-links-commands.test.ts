import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { APP_DOWNLOAD_KEYS } from "@washboard/shared";
import { inArray } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { systemConfig } from "../modules/system-config/tables.js";
import { openDatabase } from "../platform/db/client.js";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-links-"));
// The CLI runs on its own embedded database here, whatever the suite's DATABASE_URL.
const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
const cli = (...args: string[]) =>
  run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("sets the apps' download links, refusing one that is not an http(s) address", async () => {
  const { stdout } = await cli(
    "set-app-links",
    "--customer",
    "https://apps.laundry.test/customer",
    "--operator",
    "https://apps.laundry.test/operator",
  );
  expect(stdout.trim().split("\n")).toEqual([
    "App download links set.",
    "Customer app: https://apps.laundry.test/customer",
    "Operator app: https://apps.laundry.test/operator",
  ]);
  const bad = await cli("set-app-links", "--customer", "ftp://x").catch(
    (error: { code: number; stderr: string }) => error,
  );
  expect(bad).toMatchObject({ code: 1 });
  expect((bad as { stderr: string }).stderr).toContain('--customer must be an http(s) address, got "ftp://x"');
  expect((await cli("help")).stdout).toContain("npm run cli -- set-app-links");

  const database = await openDatabase({ dataDir });
  try {
    const rows = await database.db
      .select()
      .from(systemConfig)
      .where(inArray(systemConfig.name, Object.values(APP_DOWNLOAD_KEYS)));
    expect(Object.fromEntries(rows.map((row) => [row.name, row.value]))).toEqual({
      "app.customer_download_url": "https://apps.laundry.test/customer",
      "app.operator_download_url": "https://apps.laundry.test/operator",
    });
  } finally {
    await database.close();
  }
}, 120_000);
