import {
  ANNOUNCEMENT_LIMITS,
  type AnnouncementItem,
  type announcementCreateRequest,
  type announcementListRequest,
  type announcementListResult,
  type announcementModifyRequest,
  type PayAnnouncement,
} from "@washboard/shared";
import { and, desc, eq, getTableColumns, gt, ilike, lte, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { hiddenKeysOfScope, tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import { stateAt, stateFilter } from "./periods.js";
import { checkScope } from "./scope.js";
import { announcements } from "./tables.js";

/**
 * Announcements (spec §6 op_goodnews, §9 popups): the console's calls, and what the pay page reads.
 * Scoped like promotions: another vendor's answers not found, and an account limited to some shops
 * owns only announcements naming its shops alone (`ownsRule`, `checkScope`).
 */

type Row = typeof announcements.$inferSelect;
type Fields = z.output<typeof announcementCreateRequest>;
const columns = getTableColumns(announcements);

/**
 * The access pipeline checked op_goodnews for a sub-account (whose keys never hold one its vendor's
 * variant hides); a merchant administrator holds every key its variant shows, and a car wash's
 * shows no announcements: refused as a call without the key is.
 */
async function assertShown(db: Db, actor: Actor, scope: TenantScope): Promise<void> {
  if (actor.level === 4) return;
  if ((await hiddenKeysOfScope(db, scope)).includes("op_goodnews")) throw new AppError("NO_PERMISSION");
}

function toItem(row: Row, now: Date): AnnouncementItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    button_text: row.buttonText,
    skin: row.skin,
    animation: row.animation,
    starts_at: toSeconds(row.startsAt),
    ends_at: toSeconds(row.endsAt),
    shop_ids: row.shopIds,
    enabled: row.enabled,
    state: stateAt(row, now),
    created_at: toSeconds(row.createdAt),
  };
}

export async function listAnnouncements(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: z.output<typeof announcementListRequest>,
): Promise<z.input<typeof announcementListResult>> {
  await assertShown(db, actor, scope);
  const now = new Date();
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).ownsRule(announcements)];
  if (input.title) conditions.push(ilike(announcements.title, likeText(input.title)));
  if (input.state) conditions.push(stateFilter(announcements, input.state, now));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(announcements.id, (r: Row) => r.id),
    input,
    rows: rowsFrom((total) => db.select({ ...columns, total }).from(announcements)),
    count: countOf(announcements),
  });
  return { items: page.rows.map((r) => toItem(r, now)), total: page.total, next_cursor: page.next_cursor };
}

/** One of the caller's announcements; another vendor's, or one naming shops beyond a limited account's, is not found. */
async function announcementById(db: Db, scope: TenantScope, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, id), vendorTenant(scope).ownsRule(announcements)));
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return row;
}

async function columnsOf(db: Db, scope: TenantScope, input: Fields) {
  return {
    title: input.title,
    body: input.body,
    buttonText: input.button_text,
    skin: input.skin,
    animation: input.animation,
    startsAt: new Date(input.starts_at * 1000),
    endsAt: new Date(input.ends_at * 1000),
    shopIds: await checkScope(db, vendorTenant(scope), input.shop_ids),
  };
}

export async function createAnnouncement(db: Db, actor: Actor, scope: TenantScope, input: Fields) {
  await assertShown(db, actor, scope);
  const [row] = await db
    .insert(announcements)
    .values({ vendorId: vendorTenant(scope).vendorId, ...(await columnsOf(db, scope, input)) })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR");
  return toItem(row, new Date());
}

/** Writes `change` to one of the caller's announcements, checked first. */
async function changeAnnouncement(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  id: number,
  change: (existing: Row) => Promise<Partial<Row>>,
) {
  await assertShown(db, actor, scope);
  const existing = await announcementById(db, scope, id);
  const [row] = await db
    .update(announcements)
    .set(await change(existing))
    .where(eq(announcements.id, existing.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return toItem(row, new Date());
}

export function modifyAnnouncement(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: z.output<typeof announcementModifyRequest>,
) {
  return changeAnnouncement(db, actor, scope, input.id, () => columnsOf(db, scope, input));
}

export function setAnnouncementStatus(
  db: Db,
  actor: Actor,
  scope: TenantScope,
  input: { id: number; enabled: boolean },
) {
  return changeAnnouncement(db, actor, scope, input.id, async () => ({ enabled: input.enabled }));
}

export async function removeAnnouncement(db: Db, actor: Actor, scope: TenantScope, id: number) {
  await assertShown(db, actor, scope);
  const existing = await announcementById(db, scope, id);
  await db.delete(announcements).where(eq(announcements.id, existing.id));
  return { id };
}

/**
 * The announcements a shop's pay page shows at `at` — switched on, in their period, for every shop
 * or naming this one; newest first, at most ANNOUNCEMENT_LIMITS.shownPerPage — as one expression of
 * a statement (the pay page reads them with the pricing rules). A car wash's variant hides
 * announcements: its pay pages show none, whatever was written while it was a laundry.
 */
export function shownAnnouncementsOf(vendorId: number, shopId: number, at: Date): SQL<PayAnnouncement[]> {
  const a = announcements;
  const where = and(
    tenantOfVendor(vendorId).owns(a),
    eq(a.enabled, true),
    lte(a.startsAt, at),
    gt(a.endsAt, at),
    sql`(cardinality(${a.shopIds}) = 0 or ${shopId}::int = any(${a.shopIds}))`,
  );
  const newest = sql`select ${a.id} as id, ${a.title} as title, ${a.body} as body, ${a.buttonText} as button_text,
      ${a.skin} as skin, ${a.animation} as animation
    from ${a} where ${where} order by ${desc(a.id)} limit ${ANNOUNCEMENT_LIMITS.shownPerPage}`;
  return sql<PayAnnouncement[]>`(select coalesce(json_agg(json_build_object('id', s.id, 'title', s.title,
      'body', s.body, 'button_text', s.button_text, 'skin', s.skin, 'animation', s.animation) order by s.id desc), '[]'::json)
    from (${newest}) s)`;
}
