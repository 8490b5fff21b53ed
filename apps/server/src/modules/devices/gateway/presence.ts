import type { DevicePresenceName } from "@washboard/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../../../platform/db/client.js";
import type { PresenceChange } from "./shadow-writer.js";

/**
 * A machine publishes its status at least this often (docs/device-protocol.md "Presence"): silence
 * longer than the server's presence window (`DEVICE_PRESENCE_TIMEOUT_S`) means it is gone, whatever
 * the broker last said for it.
 */
export const HEARTBEAT_SECONDS = 60;

type Moved = { rows: { id: number; vendor_id: number | null; serial_number: string; presence: DevicePresenceName }[] };

const changes = (moved: Moved): PresenceChange[] =>
  moved.rows.map((r) => ({ deviceId: r.id, vendorId: r.vendor_id, serial: r.serial_number, presence: r.presence }));

/**
 * The gateway has (re)connected to the broker after a time it could not hear: a machine shown
 * online that no instance heard since `heardSince` may have gone while nobody listened. It becomes
 * unknown until it speaks (its next heartbeat) or its silence lasts the presence window.
 */
export async function presenceUnknownSince(db: Db, heardSince: Date): Promise<PresenceChange[]> {
  const moved = (await db.execute(sql`
    update devices d set presence = 'unknown'
    where d.presence = 'online'
      and coalesce((select s.last_seen_at from device_shadows s where s.device_id = d.id), '-infinity') < ${heardSince.toISOString()}
    returning d.id, d.vendor_id, d.serial_number, d.presence`)) as unknown as Moved;
  return changes(moved);
}

/**
 * Machines shown online or unknown that nobody heard since `silentSince` are offline: a machine
 * that left without a word (its will lost with the broker, a clean disconnect whose goodbye did not
 * arrive) stops being shown as there. Only while the gateway has listened for the whole window.
 */
export async function presenceOfflineWhenSilent(db: Db, silentSince: Date): Promise<PresenceChange[]> {
  const moved = (await db.execute(sql`
    update devices d set presence = 'offline'
    where d.presence <> 'offline'
      and coalesce((select s.last_seen_at from device_shadows s where s.device_id = d.id), '-infinity') < ${silentSince.toISOString()}
    returning d.id, d.vendor_id, d.serial_number, d.presence`)) as unknown as Moved;
  return changes(moved);
}

/**
 * Machines shown online and unknown now, for the metrics' gauge at scrape time (offline ones are
 * not counted: the partial index of present machines answers this without reading the register).
 */
export async function presenceCounts(db: Db): Promise<Record<"online" | "unknown", number>> {
  const counted = (await db.execute(sql`
    select count(*) filter (where presence = 'online')::int as online,
           count(*) filter (where presence = 'unknown')::int as unknown
      from devices where presence <> 'offline'`)) as unknown as { rows: { online: number; unknown: number }[] };
  const row = counted.rows[0];
  return { online: Number(row?.online ?? 0), unknown: Number(row?.unknown ?? 0) };
}
