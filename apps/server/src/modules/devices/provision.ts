import type { Db } from "../../platform/db/client.js";
import { hashDeviceSecret, newDeviceSecret } from "./broker/device-secrets.js";
import { devices } from "./tables.js";

export interface NewDevice {
  vendorId: number;
  serialNumber: string;
  machineType: string;
  name?: string;
  machineNumber?: string;
  shopId?: number | null;
  subscriptionExpiresAt?: Date | null;
}

/**
 * Registers a device with its broker credential; answers the device and its secret, which is shown
 * this once (only its hash is kept) and goes into the machine's configuration.
 */
export async function provisionDevice(
  db: Db,
  device: NewDevice,
): Promise<{ id: number; serial: string; secret: string }> {
  const secret = newDeviceSecret();
  const [row] = await db
    .insert(devices)
    .values({ ...device, secretHash: hashDeviceSecret(secret) })
    .returning({ id: devices.id, serial: devices.serialNumber });
  if (!row) throw new Error("device not registered");
  return { ...row, secret };
}
