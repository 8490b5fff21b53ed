// `npm start`: build the console when its sources are newer than the build, then run the server
// (which migrates, seeds the demo tenant once and serves API and console on one port).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist/index.html");

function newest(dir) {
  let latest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return latest;
}

const sources = ["apps/web/src", "apps/web/index.html", "packages/shared/src"].map((p) => path.join(root, p));
const sourceTime = Math.max(...sources.map((p) => (fs.statSync(p).isDirectory() ? newest(p) : fs.statSync(p).mtimeMs)));
if (!fs.existsSync(dist) || fs.statSync(dist).mtimeMs < sourceTime) {
  console.log("Building the console…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], { cwd: root, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
