import { FIRMWARE_DOWNLOAD_PATH } from "@washboard/shared";
import type { AppDeps } from "../../platform/module.js";
import { type FirmwareNotice, sendFirmwareNotices } from "../devices/public.js";
import type { VendorTenant } from "../tenancy/public.js";
import { downloadKey, signDownload } from "./download-token.js";
import type { firmwarePackages } from "./tables.js";

type PackageRow = typeof firmwarePackages.$inferSelect;

/** How long a machine's download address of an uploaded file stays good: a day, retries included. */
export const DOWNLOAD_VALID_SECONDS = 24 * 3600;

/**
 * Sends a rollout's upgrade notices to these machines (device id → serial). A package with a link
 * sends it to all as given; an uploaded one gives each machine its own signed, expiring address on
 * this install (docs/ota-design.md "Downloads"), so one notice per machine. Answers each machine's
 * command id.
 */
export async function notifyMachines(
  deps: AppDeps,
  tenant: VendorTenant,
  pkg: PackageRow,
  version: string,
  machines: ReadonlyMap<number, string>,
  now: Date,
): Promise<Map<number, string>> {
  const notice = (url: string): FirmwareNotice => ({
    kind: "firmware_notice",
    version,
    url,
    ...(pkg.size > 0 ? { size: pkg.size } : {}),
    ...(pkg.sha256 ? { sha256: pkg.sha256 } : {}),
  });
  if (!pkg.fileKey) return sendFirmwareNotices(deps, tenant, [...machines.keys()], notice(pkg.downloadUrl));
  const key = downloadKey(deps.secrets);
  const expiresAt = Math.floor(now.getTime() / 1000) + DOWNLOAD_VALID_SECONDS;
  const sent = new Map<number, string>();
  for (const [deviceId, serial] of machines) {
    const token = signDownload(key, { packageId: pkg.id, serial, expiresAt });
    const url = `${deps.config.firmwareBaseUrl}${FIRMWARE_DOWNLOAD_PATH}/${token}`;
    for (const [id, commandId] of await sendFirmwareNotices(deps, tenant, [deviceId], notice(url))) {
      sent.set(id, commandId);
    }
  }
  return sent;
}
