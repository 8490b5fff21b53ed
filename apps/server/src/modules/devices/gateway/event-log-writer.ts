import type { DeviceEvent } from "@washboard/device-protocol";
import { BatchWriter } from "../../../platform/db/batch-writer.js";
import type { Db } from "../../../platform/db/client.js";
import { deviceLog } from "../tables.js";

export interface LoggedEvent {
  deviceId: number;
  vendorId: number;
  event: DeviceEvent;
}

/**
 * Device events go to the device log in batches; an event redelivered by the broker (QoS 1) has the
 * same device and event id and is stored once.
 */
export function eventLogWriter(db: Db, onError: (error: unknown) => void) {
  return new BatchWriter<LoggedEvent>({
    write: async (items) => {
      await db
        .insert(deviceLog)
        .values(
          items.map(({ deviceId, vendorId, event }) => {
            const { v: _version, id, ts, type, ...details } = event;
            return { deviceId, vendorId, eventId: id, type, details, occurredAt: new Date(ts * 1000) };
          }),
        )
        .onConflictDoNothing({ target: [deviceLog.deviceId, deviceLog.eventId] });
    },
    onError,
    // Appends only: several batches may be written at once, so a slow write does not hold the next.
    concurrency: 3,
  });
}
