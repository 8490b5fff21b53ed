import {
  type NoticeItem,
  type NoticePublishRequest,
  type noticeListRequest,
  type noticeMarkReadRequest,
  noticePublishRequest,
} from "@washboard/shared";
import { and, count, inArray, not, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { createdKeyset, keysetAt } from "../../platform/db/keysets.js";
import { countOf, listPage, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import type { TenantScope } from "../../platform/http/context.js";
import { audienceWhere, findGroup, findVendor } from "../tenancy/public.js";
import { noticeReads, notices } from "./tables.js";

/** Who looks: the signed-in account, and the tenant its request acts on (the audience it belongs to). */
export interface Viewer {
  accountId: number;
  scope: TenantScope;
}

/** The account has read the notice of the row at hand. */
const readBy = (accountId: number): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${noticeReads} where ${noticeReads.noticeId} = ${notices.id} and ${noticeReads.accountId} = ${accountId})`;

const seenBy = (viewer: Viewer) => audienceWhere(viewer.scope, notices);

function selectItems(db: Db, accountId: number, total: SQL<number>) {
  return db
    .select({
      total,
      id: notices.id,
      title: notices.title,
      body: notices.body,
      audience: notices.audience,
      publishedAt: notices.publishedAt,
      keyAt: keysetAt(notices.publishedAt),
      read: readBy(accountId),
    })
    .from(notices);
}
type ItemRow = RowOf<ReturnType<typeof selectItems>>;

function toItem(row: ItemRow): NoticeItem {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    audience: row.audience,
    published_at: toSeconds(row.publishedAt),
    read: row.read,
  };
}

/** The notices the viewer's audience sees, newest first, each read or not by the viewer. */
export async function listNotices(db: Db, viewer: Viewer, input: z.output<typeof noticeListRequest>) {
  const page = await listPage({
    where: and(seenBy(viewer), input.unread ? not(readBy(viewer.accountId)) : undefined),
    keyset: createdKeyset({ createdAt: notices.publishedAt, id: notices.id }, (row: ItemRow) => ({
      at: row.keyAt,
      id: row.id,
    })),
    input,
    rows: rowsFrom((total) => selectItems(db, viewer.accountId, total)),
    count: countOf(notices),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

/** How many notices the viewer sees and has not read (the header's badge). */
export async function unreadCount(db: Db, viewer: Viewer): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notices)
    .where(and(seenBy(viewer), not(readBy(viewer.accountId))));
  return row?.n ?? 0;
}

/**
 * Marks read for the viewer the notices of `ids` its audience sees (any other id is passed over), or
 * every notice it sees; answers how many were not read before.
 */
export async function markRead(db: Db, viewer: Viewer, input: z.output<typeof noticeMarkReadRequest>): Promise<number> {
  const which = input.all ? undefined : inArray(notices.id, input.ids ?? []);
  const marked = await db
    .insert(noticeReads)
    .select(
      db
        .select({
          noticeId: notices.id,
          accountId: sql<number>`${viewer.accountId}::integer`.as("account_id"),
          readAt: sql<Date>`now()`.as("read_at"),
        })
        .from(notices)
        .where(and(seenBy(viewer), which, not(readBy(viewer.accountId)))),
    )
    .onConflictDoNothing()
    .returning({ noticeId: noticeReads.noticeId });
  return marked.length;
}

/** A notice refused before it is written: the field at fault and what is wrong with it. */
export class NoticeRefused extends Error {}

export interface PublishedNotice {
  id: number;
  audience: NoticeItem["audience"];
  groupId: number | null;
  vendorId: number | null;
}

/**
 * Publishes a notice (the platform administrator's, CLI `publish-notice`), checked by the shared rules:
 * to everyone, or to the group or vendor named, which must exist. `messageOf` turns a rule's message key
 * into words.
 */
export async function publishNotice(
  db: Db,
  input: NoticePublishRequest,
  messageOf: (key: string) => string = (key) => key,
): Promise<PublishedNotice> {
  const parsed = noticePublishRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join(".") || "notice";
    const text =
      field === "vendor_id" && input.group_id !== undefined && input.vendor_id !== undefined
        ? "a notice goes to one group or one vendor, not both"
        : messageOf(issue?.message ?? "validation.invalid");
    throw new NoticeRefused(`${field}: ${text}`);
  }
  const { title, body, group_id: groupId, vendor_id: vendorId } = parsed.data;
  if (groupId !== undefined && !(await findGroup(db, groupId))) {
    throw new NoticeRefused(`group_id: there is no group ${groupId}`);
  }
  if (vendorId !== undefined && !(await findVendor(db, vendorId))) {
    throw new NoticeRefused(`vendor_id: there is no vendor ${vendorId}`);
  }
  return insertNotice(db, { title, body, groupId: groupId ?? null, vendorId: vendorId ?? null });
}

/** Writes a notice already checked, to the group or the vendor given (neither: everyone). */
export async function insertNotice(
  db: Db | Tx,
  notice: { title: string; body: string; groupId: number | null; vendorId: number | null },
): Promise<PublishedNotice> {
  const audience = notice.groupId !== null ? "group" : notice.vendorId !== null ? "vendor" : "all";
  const [row] = await db
    .insert(notices)
    .values({ ...notice, audience })
    .returning({ id: notices.id, audience: notices.audience, groupId: notices.groupId, vendorId: notices.vendorId });
  if (!row) throw new Error("the notice was not written");
  return row;
}
