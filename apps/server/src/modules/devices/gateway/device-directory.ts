import { eq } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.js";
import { devices } from "../tables.js";

export interface KnownDevice {
  id: number;
  vendorId: number;
}

/** How long a serial's answer is kept: a device moved to another vendor is seen within it. */
const KEEP_MS = 30_000;

/**
 * Serial number → device, for every message off the broker. Answers are kept briefly, unknown
 * serials too: a broker shared with others (or a device not yet registered) must not cost a query
 * per message.
 */
export class DeviceDirectory {
  private readonly known = new Map<string, { device: KnownDevice | null; until: number }>();

  constructor(private readonly db: Db) {}

  async find(serial: string): Promise<KnownDevice | null> {
    const now = Date.now();
    const kept = this.known.get(serial);
    if (kept && kept.until > now) return kept.device;
    const [row] = await this.db
      .select({ id: devices.id, vendorId: devices.vendorId })
      .from(devices)
      .where(eq(devices.serialNumber, serial));
    const device = row ?? null;
    this.known.set(serial, { device, until: now + KEEP_MS });
    return device;
  }

  forget(serial: string): void {
    this.known.delete(serial);
  }
}
