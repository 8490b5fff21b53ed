import { inArray } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.js";
import { devices } from "../tables.js";

export interface KnownDevice {
  id: number;
  /** Null: an unclaimed machine (its status is kept; it has no events or commands anyone sees). */
  vendorId: number | null;
}

/** How long a serial's answer is kept: a device moved to another vendor is seen within it. */
const KEEP_MS = 30_000;
/** Lookups asked within this window go to the database as one query. */
const GATHER_MS = 5;

/**
 * Serial number → device, for every message off the broker. Answers are kept briefly, unknown
 * serials too, and lookups are gathered: a broker replaying thousands of retained statuses on
 * subscribe (or shared with other deployments) costs a few queries, not one per message.
 */
export class DeviceDirectory {
  private readonly known = new Map<string, { device: KnownDevice | null; until: number }>();
  private waiting = new Map<string, ((device: KnownDevice | null) => void)[]>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  find(serial: string): Promise<KnownDevice | null> {
    const kept = this.known.get(serial);
    if (kept && kept.until > Date.now()) return Promise.resolve(kept.device);
    return new Promise((resolve) => {
      this.waiting.set(serial, [...(this.waiting.get(serial) ?? []), resolve]);
      this.timer ??= setTimeout(() => void this.lookUp(), GATHER_MS);
    });
  }

  forget(serial: string): void {
    this.known.delete(serial);
  }

  private async lookUp(): Promise<void> {
    this.timer = undefined;
    const asked = this.waiting;
    this.waiting = new Map();
    const serials = [...asked.keys()];
    let found = new Map<string, KnownDevice>();
    try {
      const rows = await this.db
        .select({ serial: devices.serialNumber, id: devices.id, vendorId: devices.vendorId })
        .from(devices)
        .where(inArray(devices.serialNumber, serials));
      found = new Map(rows.map((row) => [row.serial, { id: row.id, vendorId: row.vendorId }]));
    } catch {
      // The database is away: these messages are dropped as from unknown devices, and asked again later.
      for (const resolves of asked.values()) for (const resolve of resolves) resolve(null);
      return;
    }
    const until = Date.now() + KEEP_MS;
    for (const [serial, resolves] of asked) {
      const device = found.get(serial) ?? null;
      this.known.set(serial, { device, until });
      for (const resolve of resolves) resolve(device);
    }
  }
}
