import fs from "node:fs";
import path from "node:path";

/** The newest modification time under a folder (or of a file). */
export function newestUnder(target) {
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const entry of fs.readdirSync(target)) latest = Math.max(latest, newestUnder(path.join(target, entry)));
  return latest;
}

/**
 * Whether the console's build is at least as new as its sources (its page, its code, the shared
 * package): `npm start` builds it first when not, and the start-up bench builds it before timing.
 */
export function consoleBuildIsCurrent(root) {
  const dist = path.join(root, "apps/web/dist/index.html");
  if (!fs.existsSync(dist)) return false;
  const sources = ["apps/web/index.html", "apps/web/src", "packages/shared/src"].map((p) =>
    newestUnder(path.join(root, p)),
  );
  return fs.statSync(dist).mtimeMs >= Math.max(...sources);
}
