import {
  PROMOTION_KINDS,
  type PromotionItem,
  type PromotionKind,
  type promotionCreateRequest,
  promotionKey,
  type promotionListRequest,
  type promotionListResult,
  type promotionModifyRequest,
} from "@washboard/shared";
import { and, eq, getTableColumns, gt, ilike, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { promotionCounters } from "../orders/public.js";
import { hiddenKeysOfScope, tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import type { Promotion } from "./engine.js";
import { promotionGiftCounters } from "./gifts.js";
import { stateAt, stateFilter } from "./periods.js";
import { checkScope } from "./scope.js";
import { promotions } from "./tables.js";

type Row = typeof promotions.$inferSelect;
const promotionColumns = getTableColumns(promotions);
type Fields = z.output<typeof promotionCreateRequest>;

/** The kinds the caller may see and manage: a level-4 account's keys; a merchant admin's, all its variant shows. */
export async function kindsOf(db: Db, actor: Actor, scope: TenantScope): Promise<PromotionKind[]> {
  if (actor.level === 4) return PROMOTION_KINDS.filter((kind) => actor.permissions.includes(promotionKey(kind)));
  const hidden = await hiddenKeysOfScope(db, scope);
  return PROMOTION_KINDS.filter((kind) => !hidden.includes(promotionKey(kind)));
}

/** A kind the caller does not hold is refused as the access check refuses a call. */
async function assertKind(db: Db, actor: Actor, scope: TenantScope, kind: PromotionKind) {
  if (!(await kindsOf(db, actor, scope)).includes(kind)) throw new AppError("NO_PERMISSION", { field: "settings" });
}

function toItem(row: Row, counters: { count: number; cost: number } | undefined, now: Date): PromotionItem {
  return {
    id: row.id,
    name: row.name,
    starts_at: toSeconds(row.startsAt),
    ends_at: toSeconds(row.endsAt),
    shop_ids: row.shopIds,
    machine_types: row.machineTypes,
    settings: row.settings,
    enabled: row.enabled,
    state: stateAt(row, now),
    applied_count: counters?.count ?? 0,
    cost: counters?.cost ?? 0,
    created_at: toSeconds(row.createdAt),
  };
}

export async function listPromotions(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: z.output<typeof promotionListRequest>,
): Promise<z.input<typeof promotionListResult>> {
  const tenant = vendorTenant(scope);
  const kinds = await kindsOf(db, actor, scope);
  const wanted = input.kind ? kinds.filter((k) => k === input.kind) : kinds;
  const now = new Date();
  const conditions: (SQL | undefined)[] = [
    tenant.ownsRule(promotions),
    wanted.length > 0 ? inArray(promotions.kind, wanted) : sql`false`,
  ];
  if (input.name) conditions.push(ilike(promotions.name, likeText(input.name)));
  if (input.state) conditions.push(stateFilter(promotions, input.state, now));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(promotions.id, (r: Row) => r.id),
    input,
    rows: rowsFrom((total) => db.select({ ...promotionColumns, total }).from(promotions)),
    count: countOf(promotions),
  });
  const counters = await countersOf(
    db,
    tenant.vendorId,
    page.rows.map((r) => r.id),
  );
  return {
    items: page.rows.map((r) => toItem(r, counters.get(r.id), now)),
    total: page.total,
    next_cursor: page.next_cursor,
  };
}

async function promotionById(db: Db, actor: Actor, scope: TenantScope, id: number): Promise<Row> {
  const tenant = vendorTenant(scope);
  const [row] = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.id, id), tenant.ownsRule(promotions)));
  // A kind the caller does not hold is not in its list: not found, as another vendor's.
  if (!row || !(await kindsOf(db, actor, scope)).includes(row.settings.kind)) {
    throw new AppError("NOT_FOUND", { field: "id" });
  }
  return row;
}

/**
 * What each promotion did: the orders whose price it lowered and the gifts it gave (a promotion
 * does one or the other, so the two never count the same thing twice).
 */
async function countersOf(db: Db, vendorId: number, ids: readonly number[]) {
  const [priced, gifts] = await Promise.all([
    promotionCounters(db, vendorId, ids),
    promotionGiftCounters.use()(db, vendorId, ids),
  ]);
  for (const [id, gift] of gifts) priced.set(id, gift);
  return priced;
}

async function itemOf(db: Db, row: Row): Promise<PromotionItem> {
  const counters = await countersOf(db, row.vendorId, [row.id]);
  return toItem(row, counters.get(row.id), new Date());
}

async function columnsOf(db: Db, scope: TenantScope, input: Fields) {
  const tenant = vendorTenant(scope);
  return {
    name: input.name,
    startsAt: new Date(input.starts_at * 1000),
    endsAt: new Date(input.ends_at * 1000),
    shopIds: await checkScope(db, tenant, input.shop_ids),
    machineTypes: [...new Set(input.machine_types)],
    settings: input.settings,
  };
}

export async function createPromotion(db: Db, actor: Actor, scope: TenantScope, input: Fields) {
  await assertKind(db, actor, scope, input.settings.kind);
  const tenant = vendorTenant(scope);
  const [row] = await db
    .insert(promotions)
    .values({ vendorId: tenant.vendorId, kind: input.settings.kind, ...(await columnsOf(db, scope, input)) })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemOf(db, row);
}

export async function modifyPromotion(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: z.output<typeof promotionModifyRequest>,
) {
  const existing = await promotionById(db, actor, scope, input.id);
  // A promotion's kind is what it is: its counters and every order's explanation name it as such.
  if (input.settings.kind !== existing.kind) {
    throw new AppError("VALIDATION_FAILED", { field: "settings", messageKey: "validation.invalid" });
  }
  const [row] = await db
    .update(promotions)
    .set(await columnsOf(db, scope, input))
    .where(eq(promotions.id, existing.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return itemOf(db, row);
}

export async function setPromotionStatus(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: { id: number; enabled: boolean },
) {
  const existing = await promotionById(db, actor, scope, input.id);
  const [row] = await db
    .update(promotions)
    .set({ enabled: input.enabled })
    .where(eq(promotions.id, existing.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return itemOf(db, row);
}

/** Orders keep the explanation naming a removed promotion; only the rule goes. */
export async function removePromotion(db: Db, actor: Actor, scope: TenantScope, id: number) {
  const existing = await promotionById(db, actor, scope, id);
  await db.delete(promotions).where(eq(promotions.id, existing.id));
  return { id };
}

/**
 * The switched-on promotions of a vendor running at `at` that change a price (time-limited offers,
 * first use free), as the pricing engine reads them, as one expression of a statement.
 */
export function pricedPromotionsOf(vendorId: number, at: Date): SQL<EnginePromotion[]> {
  const p = promotions;
  const where = and(
    tenantOfVendor(vendorId).owns(p),
    eq(p.enabled, true),
    lte(p.startsAt, at),
    gt(p.endsAt, at),
    inArray(p.kind, ["timelimit", "firstfree"]),
  );
  return sql<EnginePromotion[]>`(select coalesce(json_agg(json_strip_nulls(json_build_object(
      'id', ${p.id}, 'name', ${p.name}, 'kind', ${p.kind}, 'percentOff', (${p.settings}->>'percent_off')::int,
      'shopIds', nullif(${p.shopIds}, '{}'), 'machineTypes', nullif(${p.machineTypes}, '{}'),
      'startsAt', floor(extract(epoch from ${p.startsAt}) * 1000), 'endsAt', floor(extract(epoch from ${p.endsAt}) * 1000)))), '[]'::json)
    from ${p} where ${where})`;
}

/** A promotion as the statement answers it: its times as epoch milliseconds. */
export type EnginePromotion = Omit<Promotion, "startsAt" | "endsAt"> & { startsAt: number; endsAt: number };
