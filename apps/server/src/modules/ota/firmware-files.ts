import { createHash } from "node:crypto";
import type { FirmwareUploadResult } from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope, UploadedFile } from "../../platform/http/context.js";
import type { FileStore } from "../../platform/storage/file-store.js";
import { tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import { firmwareFiles } from "./tables.js";

/**
 * Stores an uploaded firmware file under its SHA-256 (the bytes are the machine's business: any
 * content is a firmware image) and names it for the uploading vendor (the size cap was applied
 * while the request was read).
 */
export async function storeFirmwareFile(
  db: Db,
  files: FileStore,
  scope: TenantScope,
  file: UploadedFile | undefined,
): Promise<FirmwareUploadResult> {
  if (!file || file.bytes.length === 0) {
    throw new AppError("VALIDATION_FAILED", { field: "file", messageKey: "validation.required" });
  }
  const { vendorId } = vendorTenant(scope);
  const sha256 = createHash("sha256").update(file.bytes).digest("hex");
  const fileKey = `${sha256}.fw`;
  if (!(await files.get(fileKey))) await files.put(fileKey, file.bytes);
  await db.insert(firmwareFiles).values({ vendorId, fileKey, size: file.bytes.length, sha256 }).onConflictDoNothing();
  return { file_key: fileKey, size: file.bytes.length, sha256 };
}

/** The vendor's uploaded file of that key: its size and hash; `file_key` refused when the vendor has none. */
export async function vendorFirmwareFile(db: Db, vendorId: number, fileKey: string) {
  const [file] = await db
    .select({ size: firmwareFiles.size, sha256: firmwareFiles.sha256 })
    .from(firmwareFiles)
    .where(and(tenantOfVendor(vendorId).owns(firmwareFiles), eq(firmwareFiles.fileKey, fileKey)));
  if (!file) throw new AppError("VALIDATION_FAILED", { field: "file_key", messageKey: "validation.invalid" });
  return file;
}
