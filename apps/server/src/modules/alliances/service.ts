import type {
  AllianceItem,
  AllianceShopOption,
  allianceCreateRequest,
  allianceListRequest,
  allianceListResult,
  allianceModifyRequest,
  NamedOption,
} from "@washboard/shared";
import { and, asc, desc, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, type Total } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext, TenantScope } from "../../platform/http/context.js";
import { ecardChoices, ecardNameOf, isGroupEcard } from "../ecards/public.js";
import { scopedVendor, tenantOfGroup, type VendorTenant, vendorPlan, vendorTenant } from "../tenancy/public.js";
import { allianceMembership } from "./ports.js";
import { alliances } from "./tables.js";

type Fields = z.output<typeof allianceModifyRequest>;

const ALLIANCE_COLUMNS = {
  id: alliances.id,
  name: alliances.name,
  type: alliances.type,
  ecardId: alliances.ecardId,
  ecardName: ecardNameOf(alliances.ecardId),
  remark: alliances.remark,
  status: alliances.status,
  createdAt: alliances.createdAt,
};

/**
 * Alliances matching `where`, newest first, with their card template's name and their member shops
 * (and a list's `total` beside each).
 */
async function itemsOf(
  db: Db | Tx,
  where: SQL | undefined,
  limit?: number,
  orderBy: SQL[] = [desc(alliances.id)],
  total: Total = sql<number>`0`,
): Promise<{ item: AllianceItem; total: number }[]> {
  const query = db
    .select({ ...ALLIANCE_COLUMNS, total })
    .from(alliances)
    .where(where)
    .orderBy(...orderBy);
  const rows = limit === undefined ? await query : await query.limit(limit);
  const members = await allianceMembership.use().membersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    item: {
      id: row.id,
      name: row.name,
      type: row.type,
      ecard_id: row.ecardId,
      ecard_name: row.ecardName,
      remark: row.remark,
      status: row.status,
      shops: members.filter((m) => m.allianceId === row.id).map(({ id, name }) => ({ id, name })),
      created_at: toSeconds(row.createdAt),
    },
    total: row.total,
  }));
}

async function itemById(db: Db | Tx, tenant: VendorTenant, id: number): Promise<AllianceItem> {
  const [found] = await itemsOf(db, and(eq(alliances.id, id), tenant.owns(alliances)));
  if (!found) throw new AppError("NOT_FOUND");
  return found.item;
}

export async function listAlliances(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof allianceListRequest>,
): Promise<z.input<typeof allianceListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(alliances)];
  if (input.name) conditions.push(ilike(alliances.name, likeText(input.name)));
  if (input.type !== undefined) conditions.push(eq(alliances.type, input.type));
  if (input.status !== undefined) conditions.push(eq(alliances.status, input.status));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(
      input.sort,
      { id: alliances.id, name: alliances.name },
      (row: { item: AllianceItem }) => row.item,
    ),
    input,
    rows: (where, orderBy, limit, total) => itemsOf(db, where, limit, orderBy, total),
    count: countOf(alliances),
  });
  return { items: page.rows.map((row) => row.item), total: page.total, next_cursor: page.next_cursor };
}

/** Spec §3 "Session": every alliance of the vendor, by name, for the session loaded at sign-in. */
export async function sessionAlliances(db: Db, scope: TenantScope) {
  const rows = await db
    .select({ id: alliances.id, name: alliances.name, type: alliances.type, status: alliances.status })
    .from(alliances)
    .where(vendorTenant(scope).owns(alliances))
    .orderBy(asc(alliances.name), asc(alliances.id));
  return { alliances: rows };
}

/** The vendor's shops in no alliance: what the member picker offers besides an alliance's own members. */
export async function freeShops(db: Db, scope: TenantScope): Promise<{ shops: AllianceShopOption[] }> {
  return { shops: await allianceMembership.use().withoutAlliance(db, vendorTenant(scope)) };
}

/** The virtual cards of the vendor's group (a merchant without a group has none). */
export async function allianceEcards(db: Db, scope: TenantScope): Promise<{ ecards: NamedOption[] }> {
  const { groupId } = await scopedVendor(db, scope);
  return { ecards: groupId === null ? [] : await ecardChoices(db, tenantOfGroup(groupId)) };
}

/** A card template must be a virtual card of the vendor's own group. */
async function checkEcard(db: Db, tenant: VendorTenant, ecardId: number | null): Promise<void> {
  if (ecardId === null) return;
  const { groupId } = await vendorPlan(db, tenant.vendorId);
  if (groupId === null || !(await isGroupEcard(db, tenantOfGroup(groupId), ecardId))) {
    throw new AppError("VALIDATION_FAILED", { field: "ecard_id", messageKey: "alliances.errors.ecardUnknown" });
  }
}

/**
 * Makes the chosen shops the alliance's members (see `setAllianceMembers`): a shop another alliance
 * holds is refused by name, an id that is not one of the vendor's shops as unknown.
 */
async function claimShops(
  tx: Tx,
  tenant: VendorTenant,
  allianceId: number,
  shopIds: readonly number[],
  accountId: number,
) {
  const { refused } = await allianceMembership.use().setMembers(tx, tenant, allianceId, shopIds, accountId);
  if (refused === null) return;
  if (refused === "unknown") {
    throw new AppError("VALIDATION_FAILED", { field: "shop_ids", messageKey: "alliances.errors.shopUnknown" });
  }
  throw new AppError("VALIDATION_FAILED", {
    field: "shop_ids",
    messageKey: "alliances.errors.shopInOtherAlliance",
    params: { shop: refused.inOtherAlliance },
  });
}

function columnsOf(input: Omit<Fields, "id" | "shop_ids">) {
  return { name: input.name, type: input.type, ecardId: input.ecard_id, remark: input.remark };
}

/** Who acts on an alliance: the scope, and the account the shops' database log names. */
export type AllianceActor = Pick<SignedInContext, "scope" | "actor">;

export async function createAlliance(
  db: Db,
  ctx: AllianceActor,
  input: z.output<typeof allianceCreateRequest>,
): Promise<AllianceItem> {
  const tenant = vendorTenant(ctx.scope);
  await checkEcard(db, tenant, input.ecard_id);
  return recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(alliances)
          .values({ vendorId: tenant.vendorId, ...columnsOf(input), status: input.status })
          .returning({ id: alliances.id });
        if (!row) throw new AppError("INTERNAL_ERROR");
        await claimShops(tx, tenant, row.id, input.shop_ids, ctx.actor.accountId);
        return itemById(tx, tenant, row.id);
      }),
    "name",
  );
}

/** Changes the alliance and replaces its member set: shops left out are released, all in one transaction. */
export async function modifyAlliance(db: Db, ctx: AllianceActor, input: Fields): Promise<AllianceItem> {
  const tenant = vendorTenant(ctx.scope);
  await itemById(db, tenant, input.id);
  await checkEcard(db, tenant, input.ecard_id);
  return recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(alliances)
          .set(columnsOf(input))
          .where(and(eq(alliances.id, input.id), tenant.owns(alliances)))
          .returning({ id: alliances.id });
        if (!row) throw new AppError("NOT_FOUND");
        await claimShops(tx, tenant, row.id, input.shop_ids, ctx.actor.accountId);
        return itemById(tx, tenant, row.id);
      }),
    "name",
  );
}

export async function setAllianceStatus(db: Db, scope: TenantScope, id: number, status: 0 | 1): Promise<AllianceItem> {
  const tenant = vendorTenant(scope);
  const [row] = await db
    .update(alliances)
    .set({ status })
    .where(and(eq(alliances.id, id), tenant.owns(alliances)))
    .returning({ id: alliances.id });
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

/**
 * Removes an alliance without member shops. The foreign key from shops decides, so a shop joining
 * while the alliance is removed still blocks it; the count only says how many are in the way.
 */
export async function removeAlliance(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const members = () => scalar(db, allianceMembership.use().countOf(id));
  const refuse = async (): Promise<never> => {
    throw new AppError("HAS_DEPENDENTS", { messageKey: "alliances.hasShops", params: { shops: await members() } });
  };
  const mine = and(eq(alliances.id, id), vendorTenant(scope).owns(alliances));
  const [current] = await db.select({ id: alliances.id }).from(alliances).where(mine);
  if (!current) throw new AppError("NOT_FOUND");
  if ((await members()) > 0) return refuse();
  try {
    const [row] = await db.delete(alliances).where(mine).returning({ id: alliances.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
}
