// Starts the real server for the browser tests: the built console, a fresh embedded database in a
// temporary folder (or a fresh database on DATABASE_URL's server), seeded with the demo tenant and
// its fleet, and the embedded MQTT broker on the next port.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.E2E_PORT ?? "18080";
// Known to the specs (support/fleet.ts): the demo fleet's credentials are written here, and the
// embedded MQTT broker listens beside the server, so a spec can run a machine of the demo fleet.
const dataDir = path.join(os.tmpdir(), `wb-e2e-${port}`);
fs.rmSync(dataDir, { recursive: true, force: true });
// The organization spec's test email goes to a capturing SMTP server on loopback. WeChat Pay is
// called at port + 3, where the orders spec runs its fake WeChat Pay; PayPal at port + 4.
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  MQTT_URL: "",
  MQTT_EMBEDDED_PORT: String(Number(port) + 1),
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  SMTP_ALLOW_PRIVATE: "1",
  PAYMENT_BASE_URL_WECHATPAY: `http://127.0.0.1:${Number(port) + 3}`,
  // Renewals are paid to the platform's PayPal app: the subscriptions spec's fake PayPal at port + 4,
  // started with these credentials (specs/subscriptions.spec.ts).
  PAYMENT_BASE_URL_PAYPAL: `http://127.0.0.1:${Number(port) + 4}`,
  SUBSCRIPTION_PAYPAL_CLIENT_ID: "AE2EPLATFORMCLIENT",
  SUBSCRIPTION_PAYPAL_CLIENT_SECRET: "EE2EPLATFORMSECRET",
  SUBSCRIPTION_PAYPAL_WEBHOOK_ID: "E2EWEBHOOK0000001",
  // Where providers notify and customers come back to: this server.
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
const cleanups = [];

if (process.env.DATABASE_URL) {
  const name = `wb_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  });
}
cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  env,
  stdio: "inherit",
});
const stop = async () => {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  for (const cleanup of cleanups) await cleanup().catch(() => {});
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
server.on("exit", (code) => process.exit(code ?? 1));
