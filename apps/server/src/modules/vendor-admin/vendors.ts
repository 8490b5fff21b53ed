import type { createVendorRequest, VendorAdminItem, vendorAdminListRequest } from "@washboard/shared";
import { and, count, desc, eq, getTableName, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { afterKey, decodeCursor, encodeCursor, keysetAt } from "../../platform/db/keyset-cursor.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext, TenantScope } from "../../platform/http/context.js";
import { accounts, roles } from "../accounts/tables.js";
import { devices } from "../devices/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { vendors } from "../tenancy/tables.js";
import { containing } from "../vendor-accounts/managed-accounts.js";

type ListInput = z.output<typeof vendorAdminListRequest>;
type Fields = z.output<typeof createVendorRequest>;

/**
 * What still depends on a vendor, counted beside each row. Drizzle renders columns in a select
 * unqualified, so the outer row is named explicitly.
 */
const outerVendorId = sql.raw(`"${getTableName(vendors)}"."id"`);
const accountCount = sql<number>`(select count(*)::int from ${accounts} where ${accounts.vendorId} = ${outerVendorId})`;
const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${devices.vendorId} = ${outerVendorId})`;

const itemColumns = {
  vendor: vendors,
  keyAt: keysetAt(vendors.createdAt),
  accountCount,
  deviceCount,
};

type ItemRow = { vendor: typeof vendors.$inferSelect; accountCount: number; deviceCount: number };

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
  };
}

function groupOf(scope: TenantScope): number {
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  return scope.groupId;
}

async function itemById(db: Db, groupId: number, vendorId: number): Promise<VendorAdminItem> {
  const [row] = await db
    .select(itemColumns)
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.groupId, groupId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

/**
 * Every vendor of the group, newest first, paged by (created_at, id). The management screen lists
 * the whole group whatever vendor the top bar has chosen.
 */
export async function listGroupVendors(db: Db, scope: TenantScope, input: ListInput) {
  const conditions: (SQL | undefined)[] = [eq(vendors.groupId, groupOf(scope))];
  if (input.keyword) {
    const pattern = containing(input.keyword);
    conditions.push(or(ilike(vendors.name, pattern), ilike(vendors.realName, pattern), ilike(vendors.phone, pattern)));
  }
  const filtered = and(...conditions);
  const paged = input.cursor
    ? and(filtered, afterKey({ createdAt: vendors.createdAt, id: vendors.id }, decodeCursor(input.cursor)))
    : filtered;
  const rows = await db
    .select(itemColumns)
    .from(vendors)
    .where(paged)
    .orderBy(desc(vendors.createdAt), desc(vendors.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(vendors).where(filtered);
  const page = rows.slice(0, input.page_size);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    total: total?.n ?? 0,
    next_cursor: rows.length > input.page_size && last ? encodeCursor({ at: last.keyAt, id: last.vendor.id }) : null,
  };
}

export async function createGroupVendor(db: Db, ctx: RequestContext, input: Fields): Promise<VendorAdminItem> {
  const groupId = groupOf(ctx.scope);
  ctx.audit.target = `vendor:${input.name}`;
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(vendors)
        .values({ groupId, ...columnsOf(input) })
        .returning({ id: vendors.id }),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  ctx.audit.vendorId = row.id;
  ctx.audit.target = `vendor:${row.id}`;
  return itemById(db, groupId, row.id);
}

export async function modifyGroupVendor(
  db: Db,
  ctx: RequestContext,
  input: Fields & { vendor_id: number },
): Promise<VendorAdminItem> {
  const groupId = groupOf(ctx.scope);
  ctx.audit.target = `vendor:${input.vendor_id}`;
  const [row] = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        // Locked: a price template created meanwhile (its cap locks this row too) waits for the check.
        const [current] = await tx
          .select()
          .from(vendors)
          .where(and(eq(vendors.id, input.vendor_id), eq(vendors.groupId, groupId)))
          .for("update");
        if (!current) return [];
        if (current.currency !== input.currency) await assertCurrencyFree(tx, current);
        return tx.update(vendors).set(columnsOf(input)).where(eq(vendors.id, current.id)).returning({ id: vendors.id });
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
async function assertCurrencyFree(tx: Tx, vendor: typeof vendors.$inferSelect): Promise<void> {
  const [templates] = await tx
    .select({ n: count() })
    .from(priceTemplates)
    .where(eq(priceTemplates.vendorId, vendor.id));
  const priced = templates?.n ?? 0;
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
  const groupId = groupOf(ctx.scope);
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
      await tx.delete(roles).where(eq(roles.vendorId, vendorId));
      const [row] = await tx
        .delete(vendors)
        .where(and(eq(vendors.id, vendorId), eq(vendors.groupId, groupId)))
        .returning({ id: vendors.id });
      return row;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return { vendor_id: removed.id };
}
