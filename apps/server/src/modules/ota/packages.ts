import type {
  FirmwarePackageItem,
  firmwarePackageCreateRequest,
  firmwarePackageListRequest,
  firmwarePackageModifyRequest,
  MachineType,
} from "@washboard/shared";
import { and, arrayContains, eq, getTableColumns, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { deviceCountOnFirmware } from "../devices/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { vendorFirmwareFile } from "./firmware-files.js";
import { firmwarePackages, firmwareRollouts } from "./tables.js";

type Fields = z.output<typeof firmwarePackageCreateRequest>;
type PackageRow = typeof firmwarePackages.$inferSelect;

/** A package with how many of the vendor's fitting machines (by type) run its version, in one statement. */
const itemColumns = {
  ...getTableColumns(firmwarePackages),
  devicesOnVersion: deviceCountOnFirmware(
    firmwarePackages.vendorId,
    firmwarePackages.version,
    firmwarePackages.machineTypes,
  ),
};
type ItemRow = PackageRow & { devicesOnVersion: number };

function toItem(row: ItemRow): FirmwarePackageItem {
  return {
    id: row.id,
    version: row.version,
    download_url: row.downloadUrl,
    file_key: row.fileKey,
    size: row.size,
    sha256: row.sha256,
    machine_types: row.machineTypes as MachineType[],
    models: row.models,
    note: row.note,
    devices_on_version: row.devicesOnVersion,
    created_at: toSeconds(row.createdAt),
  };
}

/** A package a rollout still works with (running or paused) keeps its version and file as they are. */
const notInLiveRollout = sql`not exists (select 1 from ${firmwareRollouts} where ${firmwareRollouts.packageId} = ${firmwarePackages.id}
  and ${firmwareRollouts.state} in ('running', 'paused', 'paused_by_errors'))`;

/** The row's columns; an uploaded file's size and hash are the file's, whatever the form said. */
async function columnsOf(db: Db, vendorId: number, input: Fields) {
  const file = input.file_key ? await vendorFirmwareFile(db, vendorId, input.file_key) : null;
  return {
    version: input.version,
    downloadUrl: file ? "" : input.download_url,
    fileKey: input.file_key,
    size: file?.size ?? input.size,
    sha256: file?.sha256 ?? input.sha256,
    machineTypes: input.machine_types,
    models: input.models,
    note: input.note,
  };
}

export async function listFirmwarePackages(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof firmwarePackageListRequest>,
) {
  const tenant = vendorTenant(scope);
  const conditions: (SQL | undefined)[] = [tenant.owns(firmwarePackages)];
  if (input.version) conditions.push(ilike(firmwarePackages.version, likeText(input.version)));
  if (input.machine_type) conditions.push(arrayContains(firmwarePackages.machineTypes, [input.machine_type]));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(firmwarePackages.id, (row: ItemRow) => row.id),
    input,
    rows: rowsFrom((total) => db.select({ ...itemColumns, total }).from(firmwarePackages)),
    count: countOf(firmwarePackages),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

async function packageItem(db: Db, scope: TenantScope, id: number): Promise<FirmwarePackageItem> {
  const tenant = vendorTenant(scope);
  const [row] = await db
    .select(itemColumns)
    .from(firmwarePackages)
    .where(and(eq(firmwarePackages.id, id), tenant.owns(firmwarePackages)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

/** Adds a package; a version the vendor has already is RECORD_EXISTS on `version` (the unique index decides). */
export async function createFirmwarePackage(db: Db, scope: TenantScope, input: Fields): Promise<FirmwarePackageItem> {
  const { vendorId } = vendorTenant(scope);
  const columns = await columnsOf(db, vendorId, input);
  const [created] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(firmwarePackages)
        .values({ vendorId, ...columns })
        .returning({ id: firmwarePackages.id }),
    "version",
  );
  if (!created) throw new AppError("INTERNAL_ERROR");
  return packageItem(db, scope, created.id);
}

export async function modifyFirmwarePackage(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof firmwarePackageModifyRequest>,
): Promise<FirmwarePackageItem> {
  const tenant = vendorTenant(scope);
  const columns = await columnsOf(db, tenant.vendorId, input);
  const [changed] = await recordExistsOnDuplicate(
    () =>
      db
        .update(firmwarePackages)
        .set(columns)
        .where(and(eq(firmwarePackages.id, input.id), tenant.owns(firmwarePackages), notInLiveRollout))
        .returning({ id: firmwarePackages.id }),
    "version",
  );
  if (!changed) {
    await packageItem(db, scope, input.id);
    throw new AppError("HAS_DEPENDENTS", { messageKey: "ota.packageInRollout" });
  }
  return packageItem(db, scope, changed.id);
}

/**
 * Removes a package no rollout names: a rollout's history keeps its package (the database's foreign
 * key decides, HAS_DEPENDENTS otherwise).
 */
export async function removeFirmwarePackage(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  try {
    const [removed] = await db
      .delete(firmwarePackages)
      .where(and(eq(firmwarePackages.id, id), tenant.owns(firmwarePackages)))
      .returning({ id: firmwarePackages.id });
    if (!removed) throw new AppError("NOT_FOUND");
    return removed;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("HAS_DEPENDENTS", { messageKey: "ota.packageHasRollouts" });
    throw error;
  }
}
