import { defaultMoneyLimits, type MoneyLimitsResult, type moneyLimitsRequest } from "@washboard/shared";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { scopedVendor, vendorTenant } from "../tenancy/public.js";
import { deviceMoneyLimits } from "./tables.js";

/** The vendor's ceilings on machine messages, with the defaults of its currency beside them. */
export async function moneyLimitsOf(db: Db, scope: TenantScope): Promise<MoneyLimitsResult> {
  const vendor = await scopedVendor(db, scope);
  const [own] = await db.select().from(deviceMoneyLimits).where(vendorTenant(scope).owns(deviceMoneyLimits));
  const defaults = defaultMoneyLimits(vendor.currency);
  const cycle = own?.maxCycleAmount ?? null;
  const topUp = own?.maxTopUpAmount ?? null;
  return {
    max_cycle_amount: cycle ?? defaults.maxCycleAmount,
    max_top_up_amount: topUp ?? defaults.maxTopUpAmount,
    default_cycle_amount: defaults.maxCycleAmount,
    default_top_up_amount: defaults.maxTopUpAmount,
    cycle_is_default: cycle === null,
    top_up_is_default: topUp === null,
  };
}

/** Sets them (null: back to the default); one upsert, the vendor's own row. */
export async function setMoneyLimits(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof moneyLimitsRequest>,
): Promise<MoneyLimitsResult> {
  const { vendorId } = vendorTenant(scope);
  const values = { maxCycleAmount: input.max_cycle_amount, maxTopUpAmount: input.max_top_up_amount };
  await db
    .insert(deviceMoneyLimits)
    .values({ vendorId, ...values })
    .onConflictDoUpdate({ target: deviceMoneyLimits.vendorId, set: values });
  return moneyLimitsOf(db, scope);
}
