import { APP_DOWNLOAD_KEYS, type AppDownloadLinks, appDownloadLink } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { claimSystemConfig, setSystemConfig } from "./queries.js";

/** The links the platform administrator sets (the CLI's set-app-links); either may be left as it is. */
export type AppLinksChange = Partial<AppDownloadLinks>;

/**
 * The change checked by the shared rule (an http or https address), each link trimmed, "" clearing
 * a link; the first refusal as a sentence naming its option, for the CLI to print.
 */
export function checkAppLinks(change: AppLinksChange): { links: AppLinksChange } | { problem: string } {
  const links: AppLinksChange = {};
  for (const [field, option] of [
    ["customer_url", "--customer"],
    ["operator_url", "--operator"],
  ] as const) {
    const value = change[field];
    if (value === undefined) continue;
    if (value.trim() === "") {
      links[field] = "";
      continue;
    }
    const parsed = appDownloadLink.safeParse(value);
    if (!parsed.success) return { problem: `${option} must be an http(s) address, got "${value}"` };
    links[field] = parsed.data;
  }
  return { links };
}

/** Sets the links given (already checked), in one transaction. */
export async function setAppLinks(db: Db, links: AppLinksChange): Promise<void> {
  await db.transaction(async (tx) => {
    for (const field of ["customer_url", "operator_url"] as const) {
      const value = links[field];
      if (value !== undefined) await setSystemConfig(tx, APP_DOWNLOAD_KEYS[field], value);
    }
  });
}

/** What the demo shows on its download screen: addresses of the reserved `.example` domain. */
const DEMO_LINKS: AppDownloadLinks = {
  customer_url: "https://apps.washboard.example/download/customer",
  operator_url: "https://apps.washboard.example/download/operator",
};

const MARKER = "seed.demo.app_links";

/** Sets the demo's download links once; links the platform set since are never changed. */
export async function seedDemoAppLinks(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    for (const field of ["customer_url", "operator_url"] as const) {
      // Only where none is set: a link set before the demo was seeded stays.
      await claimSystemConfig(tx, APP_DOWNLOAD_KEYS[field], DEMO_LINKS[field]);
    }
    return true;
  });
}
