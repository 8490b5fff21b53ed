import type { CashBox, MachineParams } from "@washboard/device-protocol";
import { sql } from "drizzle-orm";
import { arrayParam } from "../../../platform/db/array-param.js";
import { BatchWriter } from "../../../platform/db/batch-writer.js";
import type { Db } from "../../../platform/db/client.js";

/** What one message changes of a device's shadow; absent fields stay as they are. */
export interface ShadowPatch {
  online?: boolean;
  busy?: boolean;
  /** null: the device is normal again. */
  fault?: string | null;
  firmware?: string;
  cashbox?: CashBox;
  params?: MachineParams;
  responding?: boolean;
  seenAt: Date;
}

export interface ShadowChange extends ShadowPatch {
  deviceId: number;
  /** Null for an unclaimed machine: written, announced to nobody. */
  vendorId: number | null;
}

/**
 * Shadows are written in batches (`BatchWriter`): patches to the same device merge in memory, and one
 * statement stores them all — one round trip however many messages arrived. After each write
 * `onWritten` gets what changed, for the live stream.
 */
export function shadowWriter(db: Db, onWritten: (changes: ShadowChange[]) => void, onError: (error: unknown) => void) {
  return new BatchWriter<ShadowChange>({
    keyOf: (change) => change.deviceId,
    write: async (changes) => {
      await writeShadows(db, changes);
      onWritten(changes);
    },
    onError,
  });
}

const orNull = <T>(value: T | undefined) => (value === undefined ? null : value);

async function writeShadows(db: Db, batch: ShadowChange[]): Promise<void> {
  // A column per field, each one array parameter unnested by the database: the statement's text and
  // parameter count stay the same whatever the batch size, so it is prepared once and no query is
  // built per row. Null means "unchanged", except for the fault, which says so apart.
  const column = <T>(pick: (change: ShadowChange) => T) => arrayParam(batch.map(pick));
  const ids = column((c) => c.deviceId);
  await db.transaction(async (tx) => {
    // A device's first message makes its shadow row; later ones update it.
    await tx.execute(sql`insert into device_shadows (device_id) select id from unnest(${ids}::int[]) v(id)
      where exists (select 1 from devices where devices.id = v.id) on conflict (device_id) do nothing`);
    await tx.execute(sql`
      with v(device_id, online, busy, fault_set, fault, firmware, cash_current, cash_cumulative, params, responding, seen) as (
        select * from unnest(${ids}::int[], ${column((c) => orNull(c.online))}::boolean[],
          ${column((c) => orNull(c.busy))}::boolean[], ${column((c) => c.fault !== undefined)}::boolean[],
          ${column((c) => orNull(c.fault))}::varchar[], ${column((c) => orNull(c.firmware))}::varchar[],
          ${column((c) => orNull(c.cashbox?.current))}::int[], ${column((c) => orNull(c.cashbox?.cumulative))}::int[],
          ${column((c) => (c.params === undefined ? null : JSON.stringify(c.params)))}::jsonb[],
          ${column((c) => orNull(c.responding))}::boolean[], ${column((c) => c.seenAt.toISOString())}::timestamptz[])
      ), shadows as (
        update device_shadows s set
          busy = coalesce(v.busy, s.busy),
          fault_code = case when v.fault_set then v.fault else s.fault_code end,
          firmware = coalesce(v.firmware, s.firmware),
          cashbox_current = coalesce(v.cash_current, s.cashbox_current),
          cashbox_cumulative = coalesce(v.cash_cumulative, s.cashbox_cumulative),
          params_reported = coalesce(v.params, s.params_reported),
          responding = coalesce(v.responding, s.responding),
          last_seen_at = greatest(v.seen, s.last_seen_at)
        from v where s.device_id = v.device_id
      )
      update devices d set online = v.online from v
      where d.id = v.device_id and v.online is not null and d.online is distinct from v.online`);
  });
}
