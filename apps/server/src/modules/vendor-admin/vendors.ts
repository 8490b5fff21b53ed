import {
  type createVendorRequest,
  type VendorAdminItem,
  variantOf,
  type vendorAdminListRequest,
} from "@washboard/shared";
import type { AnyColumn } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { scalar } from "../../platform/db/related.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext, TenantScope } from "../../platform/http/context.js";
import { accountCountOfVendor } from "../accounts/public.js";
import { deviceCountOfVendor } from "../devices/public.js";
import { priceTemplateCountOfVendor } from "../price-templates/public.js";
import { deleteVendorRoles } from "../roles/public.js";
import {
  deleteGroupVendor,
  groupTenant,
  groupVendorWith,
  insertVendor,
  lockGroupVendor,
  pageGroupVendors,
  tenantOfVendor,
  updateVendor,
  type VendorRow,
} from "../tenancy/public.js";

type ListInput = z.output<typeof vendorAdminListRequest>;
type Fields = z.output<typeof createVendorRequest>;

/** What still depends on a vendor, counted beside each row by the modules that own it. */
const dependents = (vendorId: AnyColumn) => ({
  accountCount: accountCountOfVendor(vendorId),
  deviceCount: deviceCountOfVendor(vendorId),
});

type ItemRow = { vendor: VendorRow; accountCount: number; deviceCount: number };

function toItem({ vendor: v, accountCount, deviceCount }: ItemRow): VendorAdminItem {
  return {
    vendor_id: v.id,
    name: v.name,
    real_name: v.realName,
    id_number: v.idNumber,
    phone: v.phone,
    home_page: v.homePage,
    settlement_cycle_days: v.settlementCycleDays,
    fee_rate_coins: Number(v.feeRateCoins),
    fee_rate_no_coins: Number(v.feeRateNoCoins),
    currency: v.currency,
    language: v.language,
    time_zone: v.timeZone,
    coin_denomination: v.coinDenomination,
    payment_methods: v.paymentMethods,
    variant: variantOf(v.variant),
    max_balance: v.maxBalance,
    withdrawable_balance: v.withdrawableBalance,
    created_at: toSeconds(v.createdAt),
    account_count: Number(accountCount),
    device_count: Number(deviceCount),
  };
}

/** The columns a create or modify writes; balances are never written here. */
function columnsOf(input: Fields) {
  return {
    name: input.name,
    realName: input.real_name,
    idNumber: input.id_number,
    phone: input.phone,
    homePage: input.home_page,
    settlementCycleDays: input.settlement_cycle_days,
    feeRateCoins: input.fee_rate_coins.toFixed(2),
    feeRateNoCoins: input.fee_rate_no_coins.toFixed(2),
    currency: input.currency,
    language: input.language,
    timeZone: input.time_zone,
    coinDenomination: input.coin_denomination,
    paymentMethods: [...new Set(input.payment_methods)],
    ...(input.variant && { variant: input.variant }),
  };
}

async function itemById(db: Db, groupId: number, vendorId: number): Promise<VendorAdminItem> {
  const row = await groupVendorWith(db, groupId, vendorId, dependents);
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

/**
 * Every vendor of the group, newest first, paged by (created_at, id). The management screen lists
 * the whole group whatever vendor the top bar has chosen.
 */
export async function listGroupVendors(db: Db, scope: TenantScope, input: ListInput) {
  const page = await pageGroupVendors(db, groupTenant(scope).groupId, input, dependents);
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

export async function createGroupVendor(db: Db, ctx: RequestContext, input: Fields): Promise<VendorAdminItem> {
  const { groupId } = groupTenant(ctx.scope);
  ctx.audit.target = `vendor:${input.name}`;
  const row = await recordExistsOnDuplicate(() => insertVendor(db, { groupId, ...columnsOf(input) }), "name");
  ctx.audit.vendorId = row.id;
  ctx.audit.target = `vendor:${row.id}`;
  return itemById(db, groupId, row.id);
}

export async function modifyGroupVendor(
  db: Db,
  ctx: RequestContext,
  input: Fields & { vendor_id: number },
): Promise<VendorAdminItem> {
  const { groupId } = groupTenant(ctx.scope);
  ctx.audit.target = `vendor:${input.vendor_id}`;
  const row = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        // Locked: a price template created meanwhile (its cap locks this row too) waits for the check.
        const current = await lockGroupVendor(tx, groupId, input.vendor_id);
        if (!current) return undefined;
        if (current.currency !== input.currency) await assertCurrencyFree(tx, current);
        return updateVendor(tx, { vendorId: current.id }, columnsOf(input));
      }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, groupId, row.id);
}

/**
 * Amounts are kept in the currency's minor unit (§9): changing the currency of a merchant that holds
 * a balance or priced records would silently rescale them (MYR 7.00 becoming JPY 700), so it is refused.
 */
async function assertCurrencyFree(tx: Tx, vendor: VendorRow): Promise<void> {
  const priced = await scalar(tx, priceTemplateCountOfVendor(vendor.id));
  if (vendor.maxBalance !== 0 || vendor.withdrawableBalance !== 0 || priced > 0) {
    throw new AppError("VALIDATION_FAILED", {
      field: "currency",
      messageKey: "validation.currencyInUse",
      params: { templates: priced },
    });
  }
}

/** English names of what still depends on a vendor, e.g. "2 accounts and 1 device". */
function dependentsText(accountsLeft: number, devicesLeft: number): string {
  const parts: string[] = [];
  if (accountsLeft > 0) parts.push(`${accountsLeft} account${accountsLeft === 1 ? "" : "s"}`);
  if (devicesLeft > 0) parts.push(`${devicesLeft} device${devicesLeft === 1 ? "" : "s"}`);
  return parts.length > 0 ? parts.join(" and ") : "other records";
}

/**
 * Removes a vendor of the group with its roles. Refused while accounts, devices (and, as they
 * arrive, shops and other records) depend on it: the foreign keys decide, so a dependent added
 * concurrently still blocks the removal; the counts only name what is in the way.
 */
export async function removeGroupVendor(db: Db, ctx: RequestContext, vendorId: number): Promise<{ vendor_id: number }> {
  const { groupId } = groupTenant(ctx.scope);
  ctx.audit.target = `vendor:${vendorId}`;
  const refuse = async (): Promise<never> => {
    const item = await itemById(db, groupId, vendorId);
    throw new AppError("HAS_DEPENDENTS", {
      message: `This merchant still has ${dependentsText(item.account_count, item.device_count)}; remove what depends on it first`,
    });
  };
  const current = await itemById(db, groupId, vendorId);
  if (current.account_count > 0 || current.device_count > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    removed = await db.transaction(async (tx) => {
      await deleteVendorRoles(tx, tenantOfVendor(vendorId));
      return deleteGroupVendor(tx, groupId, vendorId);
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return { vendor_id: removed.id };
}
