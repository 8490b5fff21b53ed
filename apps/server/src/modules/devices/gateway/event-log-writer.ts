import type { DeviceEvent } from "@washboard/device-protocol";
import { sql } from "drizzle-orm";
import { arrayParam } from "../../../platform/db/array-param.js";
import { BatchWriter } from "../../../platform/db/batch-writer.js";
import type { Db } from "../../../platform/db/client.js";

export interface LoggedEvent {
  deviceId: number;
  vendorId: number;
  serial: string;
  event: DeviceEvent;
  /** The event's identity for its machine: its id, after its boot id when it has one. */
  key: string;
  /** When it happened, as far as the server believes the machine's clock (`occurredAt`). */
  at: Date;
}

/** An event's identity for its machine: `<boot>.<id>` when the controller sends a boot id, else its id. */
export function eventKeyOf(event: DeviceEvent): string {
  return event.boot === undefined ? event.id : `${event.boot}.${event.id}`;
}

/** How far back a machine's clock is believed: a controller offline for a month still has its buffer. */
export const EVENT_AGE_MAX_MS = 31 * 24 * 3_600_000;
/** How far ahead of the server's clock a machine's may run before it is no longer believed. */
export const EVENT_AHEAD_MAX_MS = 10 * 60_000;

/**
 * When an event happened: the time the machine says, unless its clock cannot be right (in 1970
 * after a flat battery, or ahead of ours) — then the time it reached us, so the sale counts today
 * rather than decades ago. The machine's own time stays in the event's details (`device_ts`).
 */
export function occurredAt(event: DeviceEvent, receivedAt: Date): Date {
  const said = event.ts * 1000;
  const received = receivedAt.getTime();
  return said < received - EVENT_AGE_MAX_MS || said > received + EVENT_AHEAD_MAX_MS ? receivedAt : new Date(said);
}

/**
 * Device events go to the device log in batches; an event redelivered by the broker (QoS 1) has the
 * same device and event key and is stored once.
 */
export function eventLogWriter(
  db: Db,
  onError: (error: unknown) => void,
  setAside: (event: LoggedEvent, error: unknown) => Promise<void>,
) {
  return new BatchWriter<LoggedEvent>({
    write: async (items) => {
      const rows = items.map(({ deviceId, vendorId, event, key, at }) => {
        const { v: _version, id: _id, boot: _boot, ts, type, ...fields } = event;
        // A clock the server did not believe: what the machine said is kept beside the time used.
        const details = at.getTime() === ts * 1000 ? fields : { ...fields, device_ts: ts };
        return { deviceId, vendorId, key, type, details: JSON.stringify(details), at: at.toISOString() };
      });
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
      // One array parameter per column (see shadow-writer.ts): one prepared statement for any batch.
      await db.execute(sql`insert into device_log (device_id, vendor_id, event_id, type, details, occurred_at)
        select * from unnest(${column((r) => r.deviceId)}::int[], ${column((r) => r.vendorId)}::int[],
          ${column((r) => r.key)}::varchar[], ${column((r) => r.type)}::varchar[], ${column((r) => r.details)}::jsonb[],
          ${column((r) => r.at)}::timestamptz[])
        on conflict (device_id, event_id) do nothing`);
    },
    onError,
    setAside,
    // Appends only: several batches may be written at once, so a slow write does not hold the next.
    concurrency: 3,
  });
}
