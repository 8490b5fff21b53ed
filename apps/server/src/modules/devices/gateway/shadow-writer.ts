import type { CashBox, MachineParams } from "@washboard/device-protocol";
import type { DevicePresenceName } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { arrayParam } from "../../../platform/db/array-param.js";
import { BatchWriter } from "../../../platform/db/batch-writer.js";
import type { Db } from "../../../platform/db/client.js";

/** What one message changes of a device's shadow; absent fields stay as they are. */
export interface ShadowPatch {
  /** "unknown" never turns an online machine into an unknown one: it says "at least unknown". */
  presence?: DevicePresenceName;
  busy?: boolean;
  /** null: the device is normal again. */
  fault?: string | null;
  firmware?: string;
  cashbox?: CashBox;
  params?: MachineParams;
  responding?: boolean;
  /**
   * When the machine was last heard: absent for what the broker kept (a retained status replayed
   * on subscribe says what the machine said once, not that it is there).
   */
  seenAt?: Date;
  /**
   * When the machine last sent its status (a heartbeat does not count): a machine back from a
   * firmware install says which version it runs in one (the OTA module's "came back").
   */
  statusAt?: Date;
}

export interface ShadowChange extends ShadowPatch {
  deviceId: number;
  /** Null for an unclaimed machine: written, announced to nobody. */
  vendorId: number | null;
  serial: string;
  /** Where the change came from (a topic kind, `broker` for the broker's word), for a dead letter. */
  source: string;
}

/** A machine whose presence the write changed. */
export interface PresenceChange {
  deviceId: number;
  vendorId: number | null;
  serial: string;
  presence: DevicePresenceName;
}

export interface ShadowWriterParts {
  /** After each write: what was written, for the live stream. */
  onWritten(changes: ShadowChange[]): void;
  /**
   * Presence changes as the database committed them: each is seen by exactly one writer, whichever
   * instance wrote it, so what follows from one (sending what waits for a machine) happens once.
   */
  onPresenceChanged(changes: PresenceChange[]): void;
  onError(error: unknown): void;
  /** A change the database refused on its own: set aside as a dead letter. */
  setAside(change: ShadowChange, error: unknown): Promise<void>;
}

/**
 * Shadows are written in batches (`BatchWriter`): patches to the same device merge in memory, and one
 * statement stores them all — one round trip however many messages arrived.
 */
export function shadowWriter(db: Db, parts: ShadowWriterParts) {
  return new BatchWriter<ShadowChange>({
    keyOf: (change) => change.deviceId,
    write: async (changes) => {
      const moved = await writeShadows(db, changes);
      parts.onWritten(changes);
      if (moved.length > 0) parts.onPresenceChanged(moved);
    },
    onError: parts.onError,
    setAside: parts.setAside,
  });
}

const orNull = <T>(value: T | undefined) => (value === undefined ? null : value);

async function writeShadows(db: Db, batch: ShadowChange[]): Promise<PresenceChange[]> {
  // A column per field, each one array parameter unnested by the database: the statement's text and
  // parameter count stay the same whatever the batch size, so it is prepared once and no query is
  // built per row. Null means "unchanged", except for the fault, which says so apart.
  const column = <T>(pick: (change: ShadowChange) => T) => arrayParam(batch.map(pick));
  const ids = column((c) => c.deviceId);
  return db.transaction(async (tx) => {
    // A device's first message makes its shadow row; later ones update it.
    await tx.execute(sql`insert into device_shadows (device_id) select id from unnest(${ids}::int[]) v(id)
      where exists (select 1 from devices where devices.id = v.id) on conflict (device_id) do nothing`);
    // Only a change of presence is written to the register (`is distinct from`): the row lock makes
    // a second instance writing the same change find it done, so each change is returned once.
    const moved = (await tx.execute(sql`
      with v(device_id, presence, busy, fault_set, fault, firmware, cash_current, cash_cumulative, params, responding, seen, status_at) as (
        select * from unnest(${ids}::int[], ${column((c) => orNull(c.presence))}::varchar[],
          ${column((c) => orNull(c.busy))}::boolean[], ${column((c) => c.fault !== undefined)}::boolean[],
          ${column((c) => orNull(c.fault))}::varchar[], ${column((c) => orNull(c.firmware))}::varchar[],
          ${column((c) => orNull(c.cashbox?.current))}::int[], ${column((c) => orNull(c.cashbox?.cumulative))}::int[],
          ${column((c) => (c.params === undefined ? null : JSON.stringify(c.params)))}::jsonb[],
          ${column((c) => orNull(c.responding))}::boolean[], ${column((c) => c.seenAt?.toISOString() ?? null)}::timestamptz[],
          ${column((c) => c.statusAt?.toISOString() ?? null)}::timestamptz[])
      ), shadows as (
        update device_shadows s set
          busy = coalesce(v.busy, s.busy),
          fault_code = case when v.fault_set then v.fault else s.fault_code end,
          firmware = coalesce(v.firmware, s.firmware),
          cashbox_current = coalesce(v.cash_current, s.cashbox_current),
          cashbox_cumulative = coalesce(v.cash_cumulative, s.cashbox_cumulative),
          params_reported = coalesce(v.params, s.params_reported),
          responding = coalesce(v.responding, s.responding),
          last_seen_at = greatest(v.seen, s.last_seen_at),
          status_at = greatest(v.status_at, s.status_at)
        from v where s.device_id = v.device_id
      )
      update devices d set presence = v.presence from v
      where d.id = v.device_id and v.presence is not null and d.presence is distinct from v.presence
        and not (v.presence = 'unknown' and d.presence = 'online')
      returning d.id, d.vendor_id, d.serial_number, d.presence`)) as unknown as {
      rows: { id: number; vendor_id: number | null; serial_number: string; presence: DevicePresenceName }[];
    };
    return moved.rows.map((row) => ({
      deviceId: row.id,
      vendorId: row.vendor_id,
      serial: row.serial_number,
      presence: row.presence,
    }));
  });
}
