import { z } from "zod";
import { emptyBody, endpoint } from "./contract.js";
import { downloadLink } from "./ota.js";
import { providerFlagsSchema } from "./vendor-shared.js";

export const systemConfigResult = z.array(z.object({ name: z.string(), value: z.string() }));

/**
 * Where the customer app and the operator app are downloaded (spec §2 "an app download QR"): the
 * system config keys the platform administrator sets with the CLI's set-app-links.
 */
export const APP_DOWNLOAD_KEYS = {
  customer_url: "app.customer_download_url",
  operator_url: "app.operator_download_url",
} as const;

/** A download link the platform administrator may set: an http or https address (the firmware links' rule). */
export const appDownloadLink = downloadLink;

/** Both apps' download links, "" while the platform has set none. */
export const appDownloadLinks = z.object({ customer_url: z.string(), operator_url: z.string() });
export type AppDownloadLinks = z.infer<typeof appDownloadLinks>;

export const systemConfigEndpoints = {
  config: endpoint({
    method: "POST",
    path: "/api/Admin/get_system_config",
    summary:
      "Public system configuration (sitename, website, favicon; demo = 1 while the database holds the demo data, for the console's banner)",
    access: { kind: "public" },
    body: emptyBody,
    result: systemConfigResult,
    mutates: false,
  }),
  appLinks: endpoint({
    method: "POST",
    path: "/api/Admin/get_app_download_links",
    summary: "The customer app's and the operator app's download links (\"\" while unset), for their QR codes",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: emptyBody,
    result: appDownloadLinks,
    mutates: false,
  }),
} as const;

export { providerFlagsSchema };
