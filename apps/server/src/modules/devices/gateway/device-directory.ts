import { defaultMoneyLimits } from "@washboard/shared";
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.js";
import { vendorCurrencyOf } from "../../tenancy/public.js";
import { priceTemplateFacts } from "../ports.js";
import { deviceMoneyLimits, devices } from "../tables.js";

/** What the gateway needs of a machine to judge its messages. */
export interface KnownDevice {
  id: number;
  /** Null: an unclaimed machine (its status is kept; it has no events or commands anyone sees). */
  vendorId: number | null;
  machineType: string;
  /** The most one of its cycles may cost, in minor units (null: unclaimed, nothing is booked). */
  maxCycleAmount: number | null;
  /** The most it may credit to a card at once. */
  maxTopUpAmount: number | null;
}

/**
 * A machine with a price template charges what the template says; one that reports ten times the
 * template's dearest cycle is not charging it.
 */
export const TEMPLATE_CEILING_FACTOR = 10;

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

  /** Forgets every machine (a vendor's ceilings changed): the next message of each looks it up again. */
  forgetAll(): void {
    this.known.clear();
  }

  private async lookUp(): Promise<void> {
    this.timer = undefined;
    const asked = this.waiting;
    this.waiting = new Map();
    const serials = [...asked.keys()];
    let found = new Map<string, KnownDevice>();
    try {
      const rows = await this.db
        .select({
          serial: devices.serialNumber,
          id: devices.id,
          vendorId: devices.vendorId,
          machineType: devices.machineType,
          currency: vendorCurrencyOf(devices.vendorId),
          templateTopPrice: priceTemplateFacts.use().topPriceOf(devices.priceTemplateId),
          maxCycleAmount: deviceMoneyLimits.maxCycleAmount,
          maxTopUpAmount: deviceMoneyLimits.maxTopUpAmount,
        })
        .from(devices)
        // The machine's vendor's ceilings: a join, not a tenant filter.
        .leftJoin(deviceMoneyLimits, sql`${deviceMoneyLimits.vendorId} = ${devices.vendorId}`)
        .where(inArray(devices.serialNumber, serials));
      found = new Map(rows.map((row) => [row.serial, knownDevice(row)]));
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

function knownDevice(row: {
  id: number;
  vendorId: number | null;
  machineType: string;
  currency: string | null;
  templateTopPrice: number | string | null;
  maxCycleAmount: number | null;
  maxTopUpAmount: number | null;
}): KnownDevice {
  const { id, vendorId, machineType } = row;
  if (vendorId === null || row.currency === null) {
    return { id, vendorId: null, machineType, maxCycleAmount: null, maxTopUpAmount: null };
  }
  const defaults = defaultMoneyLimits(row.currency);
  const vendorCycle = row.maxCycleAmount ?? defaults.maxCycleAmount;
  // A sum over bigint columns comes back as text from the database.
  const templateTop = row.templateTopPrice === null ? 0 : Number(row.templateTopPrice);
  return {
    id,
    vendorId,
    machineType,
    maxCycleAmount: templateTop > 0 ? Math.min(vendorCycle, templateTop * TEMPLATE_CEILING_FACTOR) : vendorCycle,
    maxTopUpAmount: row.maxTopUpAmount ?? defaults.maxTopUpAmount,
  };
}
