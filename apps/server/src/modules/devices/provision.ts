import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { VendorTenant } from "../tenancy/public.js";
import {
  hashClaimCode,
  hashDeviceSecret,
  newClaimCode,
  newDeviceSecret,
  secretMatches,
} from "./broker/device-secrets.js";
import { devices } from "./tables.js";

export interface NewDevice {
  /** Absent: a machine made for no vendor yet, which a vendor claims with its claim code. */
  vendorId?: number | null;
  serialNumber: string;
  machineType: string;
  name?: string;
  machineNumber?: string;
  shopId?: number | null;
  subscriptionExpiresAt?: Date | null;
}

/**
 * Registers a device with its broker credential; answers the device and its secret, which is shown
 * this once (only its hash is kept) and goes into the machine's configuration. A device of no
 * vendor also gets a claim code, printed on the machine, also shown this once.
 */
export async function provisionDevice(
  db: Db,
  device: NewDevice,
): Promise<{ id: number; serial: string; secret: string; claimCode: string | null }> {
  const secret = newDeviceSecret();
  const unclaimed = device.vendorId === undefined || device.vendorId === null;
  const claimCode = unclaimed ? newClaimCode() : null;
  const [row] = await db
    .insert(devices)
    .values({
      ...device,
      vendorId: device.vendorId ?? null,
      shopId: unclaimed ? null : device.shopId,
      secretHash: hashDeviceSecret(secret),
      claimCodeHash: claimCode === null ? null : hashClaimCode(claimCode),
    })
    .returning({ id: devices.id, serial: devices.serialNumber });
  if (!row) throw new Error("device not registered");
  return { ...row, secret, claimCode };
}

/** A vendor's machine whose broker secret its registrar holds already (derived, not drawn here). */
export interface DeviceWithSecret {
  vendorId: number;
  shopId: number | null;
  serialNumber: string;
  machineType: string;
  name: string;
  machineNumber: string;
  priceTemplateId: number | null;
  subscriptionExpiresAt: Date | null;
  secret: string;
}

/**
 * Registers a vendor's machines with the secrets their registrar derived (the demo fleet's, from the
 * install's key), keeping only the hashes as for every machine. A serial registered already keeps
 * its row and its secret: a secret is never reissued here.
 */
export async function registerDevicesWithSecrets(db: Db | Tx, machines: readonly DeviceWithSecret[]): Promise<void> {
  if (machines.length === 0) return;
  await db
    .insert(devices)
    .values(machines.map(({ secret, ...machine }) => ({ ...machine, secretHash: hashDeviceSecret(secret) })))
    .onConflictDoNothing({ target: devices.serialNumber });
}

/**
 * The registered machines of these serials, in registration order, each with the first of its
 * offered secrets its stored hash matches — null when none does (its secret was changed since).
 * The hashes stay in this module.
 */
export async function matchDeviceSecrets(
  db: Db,
  offered: ReadonlyMap<string, readonly (string | undefined)[]>,
): Promise<{ serial: string; machineType: string; secret: string | null }[]> {
  if (offered.size === 0) return [];
  const registered = await db
    .select({ serial: devices.serialNumber, machineType: devices.machineType, secretHash: devices.secretHash })
    .from(devices)
    .where(inArray(devices.serialNumber, [...offered.keys()]))
    .orderBy(asc(devices.id));
  return registered.map(({ serial, machineType, secretHash }) => {
    const secret = (offered.get(serial) ?? []).find(
      (candidate): candidate is string =>
        candidate !== undefined && secretHash !== null && secretMatches(candidate, secretHash),
    );
    return { serial, machineType, secret: secret ?? null };
  });
}

/**
 * A vendor claims an unclaimed machine with the serial and the code printed on it. One conditional
 * update decides: two vendors typing the same code at once, exactly one gets the machine. A wrong
 * serial or code answers the same, so the answer tells nothing of which machines exist.
 */
export async function claimDevice(
  db: Db,
  tenant: VendorTenant,
  serialNumber: string,
  claimCode: string,
): Promise<{ id: number; serial: string }> {
  const [row] = await db
    .update(devices)
    .set({ vendorId: tenant.vendorId, claimCodeHash: null })
    .where(
      and(
        eq(devices.serialNumber, serialNumber),
        isNull(devices.vendorId),
        eq(devices.claimCodeHash, hashClaimCode(claimCode)),
      ),
    )
    .returning({ id: devices.id, serial: devices.serialNumber });
  if (!row) throw new AppError("NOT_FOUND", { field: "claim_code", messageKey: "devices.claim.wrong" });
  return row;
}
