import type { MachineType, RolloutTargetItem, rolloutTargetListRequest } from "@washboard/shared";
import { and, eq, getTableColumns, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import type { TenantScope } from "../../platform/http/context.js";
import { deviceNameOf, deviceSerialOf } from "../devices/public.js";
import { shopNameOf } from "../shops/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { findRollout } from "./rollouts.js";
import { firmwareTargets } from "./tables.js";

/** A target with its machine's name and serial and its shop's name, in the list's own statement. */
const targetColumns = {
  ...getTableColumns(firmwareTargets),
  deviceName: deviceNameOf(firmwareTargets.deviceId),
  serial: deviceSerialOf(firmwareTargets.deviceId),
  shopName: shopNameOf(firmwareTargets.shopId),
};
type TargetListRow = typeof firmwareTargets.$inferSelect & {
  deviceName: string | null;
  serial: string | null;
  shopName: string | null;
};

function targetItem(row: TargetListRow): RolloutTargetItem {
  return {
    id: row.id,
    device_id: row.deviceId,
    device_name: row.deviceName ?? "",
    serial_number: row.serial ?? "",
    shop_name: row.shopName,
    machine_type: row.machineType as MachineType,
    wave: row.wave,
    state: row.state,
    from_version: row.fromVersion,
    percent: row.percent,
    tries: row.tries,
    reason: row.reason,
    next_try_at: toSeconds(row.nextTryAt),
    updated_at: toSeconds(row.updatedAt),
  };
}

/** The machines of one of the vendor's rollouts, in wave order, filtered by state. */
export async function listRolloutTargets(db: Db, scope: TenantScope, input: z.output<typeof rolloutTargetListRequest>) {
  const conditions: (SQL | undefined)[] = [
    eq(firmwareTargets.rolloutId, input.rollout_id),
    vendorTenant(scope).owns(firmwareTargets),
  ];
  if (input.state) conditions.push(eq(firmwareTargets.state, input.state));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(firmwareTargets.id, (row: TargetListRow) => row.id, "oldest"),
    input,
    rows: rowsFrom((total) => db.select({ ...targetColumns, total }).from(firmwareTargets)),
    count: countOf(firmwareTargets),
  });
  // Every rollout has machines: none here is another vendor's rollout, or none at all (or a filter
  // that matches none, which the rollout's existence tells apart).
  if (page.total === 0) await findRollout(db, scope, input.rollout_id);
  return { items: page.rows.map(targetItem), total: page.total, next_cursor: page.next_cursor };
}
