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
}

/**
 * Device events go to the device log in batches; an event redelivered by the broker (QoS 1) has the
 * same device and event id and is stored once.
 */
export function eventLogWriter(db: Db, onError: (error: unknown) => void) {
  return new BatchWriter<LoggedEvent>({
    write: async (items) => {
      const rows = items.map(({ deviceId, vendorId, event }) => {
        const { v: _version, id, ts, type, ...details } = event;
        return {
          deviceId,
          vendorId,
          id,
          type,
          details: JSON.stringify(details),
          at: new Date(ts * 1000).toISOString(),
        };
      });
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
      // One array parameter per column (see shadow-writer.ts): one prepared statement for any batch.
      await db.execute(sql`insert into device_log (device_id, vendor_id, event_id, type, details, occurred_at)
        select * from unnest(${column((r) => r.deviceId)}::int[], ${column((r) => r.vendorId)}::int[],
          ${column((r) => r.id)}::varchar[], ${column((r) => r.type)}::varchar[], ${column((r) => r.details)}::jsonb[],
          ${column((r) => r.at)}::timestamptz[])
        on conflict (device_id, event_id) do nothing`);
    },
    onError,
    // Appends only: several batches may be written at once, so a slow write does not hold the next.
    concurrency: 3,
  });
}
