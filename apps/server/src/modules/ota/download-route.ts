import { FIRMWARE_DOWNLOAD_PATH } from "@washboard/shared";
import { and, eq, inArray, isNotNull, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { sendError } from "../../platform/http/envelope.js";
import type { AppDeps } from "../../platform/module.js";
import { deviceBySerial } from "../devices/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { answerRange, rangeHeaders } from "./byte-range.js";
import { type DownloadClaim, downloadKey, readDownload } from "./download-token.js";
import { LIVE_ROLLOUT_STATES } from "./rollout-rules.js";
import { firmwarePackages, firmwareRollouts, firmwareTargets } from "./tables.js";
import { FINAL_STATES } from "./target-states.js";

/**
 * The uploaded file a claim may fetch: the package's, while the machine the address was made for
 * belongs to the package's vendor and is a target still on its way in a live rollout of it.
 */
async function liveDownload(db: Db, claim: DownloadClaim) {
  const machine = await deviceBySerial(db, claim.serial);
  if (!machine) return undefined;
  const [row] = await db
    .select({ fileKey: firmwarePackages.fileKey, sha256: firmwarePackages.sha256 })
    .from(firmwareTargets)
    .innerJoin(firmwareRollouts, eq(firmwareRollouts.id, firmwareTargets.rolloutId))
    .innerJoin(firmwarePackages, eq(firmwarePackages.id, firmwareRollouts.packageId))
    .where(
      and(
        eq(firmwarePackages.id, claim.packageId),
        tenantOfVendor(machine.vendorId).owns(firmwarePackages),
        isNotNull(firmwarePackages.fileKey),
        eq(firmwareTargets.deviceId, machine.id),
        notInArray(firmwareTargets.state, [...FINAL_STATES]),
        inArray(firmwareRollouts.state, [...LIVE_ROLLOUT_STATES]),
      ),
    )
    .limit(1);
  return row?.fileKey ? { fileKey: row.fileKey, sha256: row.sha256 } : undefined;
}

/**
 * `GET /ota/files/<token>` (docs/ota-design.md "Downloads"): an uploaded firmware file, to the one
 * machine its signed address was made for, by range so an interrupted download resumes. Anything
 * else — a forged or expired address, another vendor's machine, a machine no longer in a live
 * rollout of the package — is 404, with no hint whether the package exists.
 */
export function serveFirmwareDownloads(app: FastifyInstance, { db, files, secrets, metrics }: AppDeps) {
  const key = downloadKey(secrets);
  app.get<{ Params: { token: string } }>(`${FIRMWARE_DOWNLOAD_PATH}/:token`, async (request, reply) => {
    const claim = readDownload(key, request.params.token, Math.floor(Date.now() / 1000));
    const file = claim ? await liveDownload(db, claim) : undefined;
    const bytes = file ? await files.get(file.fileKey) : undefined;
    if (!file || !bytes) return sendError(reply, new AppError("NOT_FOUND"));
    const etag = `"${file.sha256}"`;
    const ifRange = request.headers["if-range"];
    const range = answerRange(
      bytes.length,
      { range: request.headers.range, ifRange: typeof ifRange === "string" ? ifRange : undefined },
      etag,
    );
    reply
      .headers(rangeHeaders(range, bytes.length))
      .header("etag", etag)
      .header("cache-control", "private, no-store")
      .type("application/octet-stream");
    if (range.status === 416) return reply.code(416).send();
    metrics.firmwareDownloads.served(range.end - range.start + 1, range.start > 0);
    return reply.code(range.status).send(bytes.subarray(range.start, range.end + 1));
  });
}
