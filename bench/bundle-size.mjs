// Gzip size of the JavaScript that /login and /dashboard load, measured in Chromium against the
// built console (run `npm run build` first). Goals: login ≤ 150 kB, dashboard ≤ 350 kB.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, root, startServer, writeResult } from "./lib.mjs";

const port = 18191;
// WEB_DIST measures a build made elsewhere (e.g. `vite build --outDir /tmp/x`), served from there.
const dist = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(root, "apps/web/dist");
const server = await startServer({ port });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});

async function measure(label, action, storageState) {
  const context = await browser.newContext(storageState ? { storageState } : {});
  const page = await context.newPage();
  const loaded = new Set();
  let lastScript = performance.now();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith(".js")) {
      loaded.add(url.pathname);
      lastScript = performance.now();
    }
  });
  await action(page);
  // Not "network idle": the console keeps its live-event stream open. A second without a new script
  // is enough for the lazy chunks a page asks for on arrival.
  while (performance.now() - lastScript < 1000) await page.waitForTimeout(100);
  const files = [...loaded].map((p) => {
    const bytes = fs.readFileSync(path.join(dist, p));
    return { file: p, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
  await context.close();
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  console.log(`${label}: ${(gzip / 1024).toFixed(1)} kB gzip in ${files.length} files`);
  return { gzip_kb: Math.round((gzip / 1024) * 10) / 10, files: files.sort((a, b) => b.gzip - a.gzip) };
}

try {
  const login = await measure("/login", (page) =>
    page.goto(`http://127.0.0.1:${port}/#/login`).then(() => page.getByTestId("login-card").waitFor()),
  );
  // A browser that is already signed in opens /dashboard.
  const signIn = await browser.newContext();
  const signInPage = await signIn.newPage();
  await signInPage.goto(`http://127.0.0.1:${port}/#/login`);
  await signInPage.locator("#login").fill("vendor_admin");
  await signInPage.locator("#password").fill("demo1234");
  await signInPage.getByTestId("login-submit").click();
  await signInPage.getByTestId("dashboard").waitFor();
  const storageState = await signIn.storageState();
  await signIn.close();
  const dashboard = await measure(
    "/dashboard (signed in as vendor_admin)",
    (page) => page.goto(`http://127.0.0.1:${port}/#/dashboard`).then(() => page.getByTestId("dashboard").waitFor()),
    storageState,
  );
  writeResult("bundle-size", { goal_kb: { login: 150, dashboard: 350 }, login, dashboard });
} finally {
  await browser.close();
  await server.stop();
}
