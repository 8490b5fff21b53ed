import type {
  AllianceItem,
  AllianceShopOption,
  allianceCreateRequest,
  allianceListRequest,
  allianceListResult,
  allianceModifyRequest,
  NamedOption,
} from "@washboard/shared";
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/name-sort.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { ecards } from "../ecards/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { alliances } from "./tables.js";

type Fields = z.output<typeof allianceModifyRequest>;

const ALLIANCE_COLUMNS = {
  id: alliances.id,
  name: alliances.name,
  type: alliances.type,
  ecardId: alliances.ecardId,
  ecardName: ecards.name,
  remark: alliances.remark,
  status: alliances.status,
  createdAt: alliances.createdAt,
};

/** Alliances matching `where`, newest first, with their card template's name and their member shops. */
async function itemsOf(
  db: Db | Tx,
  where: SQL | undefined,
  limit?: number,
  orderBy: SQL[] = [desc(alliances.id)],
): Promise<AllianceItem[]> {
  const query = db
    .select(ALLIANCE_COLUMNS)
    .from(alliances)
    .leftJoin(ecards, eq(ecards.id, alliances.ecardId))
    .where(where)
    .orderBy(...orderBy);
  const rows = limit === undefined ? await query : await query.limit(limit);
  const ids = rows.map((r) => r.id);
  const members =
    ids.length === 0
      ? []
      : await db
          .select({ id: shops.id, name: shops.name, allianceId: shops.allianceId })
          .from(shops)
          .where(inArray(shops.allianceId, ids))
          .orderBy(asc(shops.name), asc(shops.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    ecard_id: row.ecardId,
    ecard_name: row.ecardName,
    remark: row.remark,
    status: row.status,
    shops: members.filter((m) => m.allianceId === row.id).map(({ id, name }) => ({ id, name })),
    created_at: toSeconds(row.createdAt),
  }));
}

async function itemById(db: Db | Tx, vendorId: number, id: number): Promise<AllianceItem> {
  const [item] = await itemsOf(db, and(eq(alliances.id, id), eq(alliances.vendorId, vendorId)));
  if (!item) throw new AppError("NOT_FOUND");
  return item;
}

export async function listAlliances(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof allianceListRequest>,
): Promise<z.input<typeof allianceListResult>> {
  const vendorId = ownVendor(scope);
  const conditions: (SQL | undefined)[] = [eq(alliances.vendorId, vendorId)];
  if (input.name) conditions.push(ilike(alliances.name, likeText(input.name)));
  if (input.type !== undefined) conditions.push(eq(alliances.type, input.type));
  if (input.status !== undefined) conditions.push(eq(alliances.status, input.status));
  const filtered = and(...conditions);
  const order = nameKeyset(input.sort, { id: alliances.id, name: alliances.name });
  const paged = input.cursor ? and(filtered, order.after(input.cursor)) : filtered;
  const rows = await itemsOf(db, paged, input.page_size + 1, order.orderBy);
  const [total] = await db.select({ n: count() }).from(alliances).where(filtered);
  const { page, next } = order.page(rows, input.page_size, (row) => row);
  return { items: page, total: total?.n ?? 0, next_cursor: next };
}

/** Spec §3 "Session": every alliance of the vendor, by name, for the session loaded at sign-in. */
export async function sessionAlliances(db: Db, scope: TenantScope) {
  const rows = await db
    .select({ id: alliances.id, name: alliances.name, type: alliances.type, status: alliances.status })
    .from(alliances)
    .where(eq(alliances.vendorId, ownVendor(scope)))
    .orderBy(asc(alliances.name), asc(alliances.id));
  return { alliances: rows };
}

/** The vendor's shops in no alliance: what the member picker offers besides an alliance's own members. */
export async function shopsWithoutAlliance(db: Db, scope: TenantScope): Promise<{ shops: AllianceShopOption[] }> {
  const rows = await db
    .select({ id: shops.id, name: shops.name, address: shops.address })
    .from(shops)
    .where(and(eq(shops.vendorId, ownVendor(scope)), isNull(shops.allianceId)))
    .orderBy(asc(shops.name), asc(shops.id));
  return { shops: rows };
}

async function groupOfVendor(db: Db, vendorId: number): Promise<number | null> {
  const [row] = await db.select({ groupId: vendors.groupId }).from(vendors).where(eq(vendors.id, vendorId));
  return row?.groupId ?? null;
}

/** The virtual cards of the vendor's group (a merchant without a group has none). */
export async function allianceEcards(db: Db, scope: TenantScope): Promise<{ ecards: NamedOption[] }> {
  const groupId = await groupOfVendor(db, ownVendor(scope));
  if (groupId === null) return { ecards: [] };
  const rows = await db
    .select({ id: ecards.id, name: ecards.name })
    .from(ecards)
    .where(eq(ecards.groupId, groupId))
    .orderBy(asc(ecards.name), asc(ecards.id));
  return { ecards: rows };
}

/** A card template must be a virtual card of the vendor's own group. */
async function checkEcard(db: Db, vendorId: number, ecardId: number | null): Promise<void> {
  if (ecardId === null) return;
  const groupId = await groupOfVendor(db, vendorId);
  const [row] =
    groupId === null
      ? []
      : await db
          .select({ id: ecards.id })
          .from(ecards)
          .where(and(eq(ecards.id, ecardId), eq(ecards.groupId, groupId)));
  if (!row) throw new AppError("VALIDATION_FAILED", { field: "ecard_id", messageKey: "alliances.errors.ecardUnknown" });
}

/**
 * Points the chosen shops at the alliance. Only the vendor's shops that are free (or already its
 * members) are taken, in one conditional UPDATE, so two alliances claiming one shop at once cannot
 * both get it: the second finds it taken. Anything not taken is refused, naming why.
 */
async function claimShops(tx: Tx, vendorId: number, allianceId: number, shopIds: readonly number[]): Promise<void> {
  if (shopIds.length === 0) return;
  const taken = await tx
    .update(shops)
    .set({ allianceId })
    .where(
      and(
        inArray(shops.id, [...shopIds]),
        eq(shops.vendorId, vendorId),
        or(isNull(shops.allianceId), eq(shops.allianceId, allianceId)),
      ),
    )
    .returning({ id: shops.id });
  if (taken.length === shopIds.length) return;
  const missing = shopIds.filter((id) => !taken.some((t) => t.id === id));
  const [elsewhere] = await tx
    .select({ name: shops.name })
    .from(shops)
    .where(and(inArray(shops.id, missing), eq(shops.vendorId, vendorId)))
    .orderBy(asc(shops.name))
    .limit(1);
  if (elsewhere) {
    throw new AppError("VALIDATION_FAILED", {
      field: "shop_ids",
      messageKey: "alliances.errors.shopInOtherAlliance",
      params: { shop: elsewhere.name },
    });
  }
  throw new AppError("VALIDATION_FAILED", { field: "shop_ids", messageKey: "alliances.errors.shopUnknown" });
}

function columnsOf(input: Omit<Fields, "id" | "shop_ids">) {
  return { name: input.name, type: input.type, ecardId: input.ecard_id, remark: input.remark };
}

export async function createAlliance(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof allianceCreateRequest>,
): Promise<AllianceItem> {
  const vendorId = ownVendor(scope);
  await checkEcard(db, vendorId, input.ecard_id);
  return recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .insert(alliances)
          .values({ vendorId, ...columnsOf(input), status: input.status })
          .returning({ id: alliances.id });
        if (!row) throw new AppError("INTERNAL_ERROR");
        await claimShops(tx, vendorId, row.id, input.shop_ids);
        return itemById(tx, vendorId, row.id);
      }),
    "name",
  );
}

/** Changes the alliance and replaces its member set: shops left out are released, all in one transaction. */
export async function modifyAlliance(db: Db, scope: TenantScope, input: Fields): Promise<AllianceItem> {
  const vendorId = ownVendor(scope);
  await itemById(db, vendorId, input.id);
  await checkEcard(db, vendorId, input.ecard_id);
  return recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(alliances)
          .set(columnsOf(input))
          .where(and(eq(alliances.id, input.id), eq(alliances.vendorId, vendorId)))
          .returning({ id: alliances.id });
        if (!row) throw new AppError("NOT_FOUND");
        const released = and(eq(shops.allianceId, row.id), eq(shops.vendorId, vendorId));
        await tx
          .update(shops)
          .set({ allianceId: null })
          .where(input.shop_ids.length > 0 ? and(released, notInArray(shops.id, input.shop_ids)) : released);
        await claimShops(tx, vendorId, row.id, input.shop_ids);
        return itemById(tx, vendorId, row.id);
      }),
    "name",
  );
}

export async function setAllianceStatus(db: Db, scope: TenantScope, id: number, status: 0 | 1): Promise<AllianceItem> {
  const vendorId = ownVendor(scope);
  const [row] = await db
    .update(alliances)
    .set({ status })
    .where(and(eq(alliances.id, id), eq(alliances.vendorId, vendorId)))
    .returning({ id: alliances.id });
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, vendorId, row.id);
}

/**
 * Removes an alliance without member shops. The foreign key from shops decides, so a shop joining
 * while the alliance is removed still blocks it; the count only says how many are in the way.
 */
export async function removeAlliance(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const vendorId = ownVendor(scope);
  const refuse = async (): Promise<never> => {
    const [members] = await db.select({ n: count() }).from(shops).where(eq(shops.allianceId, id));
    throw new AppError("HAS_DEPENDENTS", { messageKey: "alliances.hasShops", params: { shops: members?.n ?? 0 } });
  };
  const mine = and(eq(alliances.id, id), eq(alliances.vendorId, vendorId));
  const [current] = await db.select({ id: alliances.id }).from(alliances).where(mine);
  if (!current) throw new AppError("NOT_FOUND");
  const [members] = await db.select({ n: count() }).from(shops).where(eq(shops.allianceId, id));
  if ((members?.n ?? 0) > 0) return refuse();
  try {
    const [row] = await db.delete(alliances).where(mine).returning({ id: alliances.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
}
