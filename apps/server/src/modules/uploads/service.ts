import { createHash } from "node:crypto";
import { IMAGE_TYPES, imageUrl, type UploadImageResult } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope, UploadedFile } from "../../platform/http/context.js";
import type { FileStore } from "../../platform/storage/file-store.js";
import { sniffImageType } from "./image-type.js";
import { uploads } from "./tables.js";

/**
 * Stores one uploaded image: its type from its magic bytes, its name from its content, and a row
 * saying which tenant uploaded it (the size cap was applied while the request was read).
 */
export async function storeImage(
  db: Db,
  files: FileStore,
  scope: TenantScope,
  file: UploadedFile | undefined,
): Promise<UploadImageResult> {
  if (!file || file.bytes.length === 0) {
    throw new AppError("VALIDATION_FAILED", { field: "file", messageKey: "validation.required" });
  }
  const extension = sniffImageType(file.bytes);
  if (!extension) throw new AppError("UNSUPPORTED_FILE_TYPE", { field: "file" });
  const key = `${createHash("sha256").update(file.bytes).digest("hex")}.${extension}`;
  const contentType = IMAGE_TYPES[extension];
  if (!(await files.get(key))) await files.put(key, file.bytes);
  await db
    .insert(uploads)
    .values({ key, groupId: scope.groupId, vendorId: scope.vendorId, contentType, size: file.bytes.length })
    .onConflictDoNothing();
  return { key, url: imageUrl(key), content_type: contentType, size: file.bytes.length };
}
