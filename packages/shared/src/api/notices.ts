import { z } from "zod";
import { endpoint } from "./contract.js";
import { recordId, requiredText } from "./fields.js";
import { LIST_PAGE_SIZE, listRequest, listResult } from "./list.js";

/**
 * Platform notices (spec §2 "a notice list"): what the platform's administrator tells operators,
 * published from the CLI (`publish-notice`) to everyone, to one group (its accounts and its vendors'),
 * or to one vendor. Every console account sees the notices of its audience, each read or unread for
 * itself alone.
 */

/** Every console level, no permission key: every console account sees the notices addressed to it. */
const CONSOLE_SESSION = { kind: "session", levels: [3, 4, 6, 7] } as const;

export const NOTICE_LIMITS = { title: 120, body: 4000 } as const;

export const NOTICE_AUDIENCES = ["all", "group", "vendor"] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];

/** A notice the administrator publishes: the CLI checks it with these rules, as the server would. */
export const noticePublishRequest = z
  .object({
    title: requiredText(NOTICE_LIMITS.title),
    body: requiredText(NOTICE_LIMITS.body),
    group_id: recordId.optional(),
    vendor_id: recordId.optional(),
  })
  .refine((notice) => notice.group_id === undefined || notice.vendor_id === undefined, {
    error: "validation.invalid",
    path: ["vendor_id"],
  });
export type NoticePublishRequest = z.input<typeof noticePublishRequest>;

export const noticeListRequest = listRequest({
  /** Only the notices this account has not read yet. */
  unread: z.boolean({ error: "validation.invalid" }).optional(),
});

export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** Epoch seconds. */
  published_at: z.number().int(),
  /** Read by the signed-in account (another account's reading does not count). */
  read: z.boolean(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeUnreadCount = z.object({ count: z.number().int().nonnegative() });

/** Which notices to mark read: some by id, or every notice the account sees. */
export const noticeMarkReadRequest = z
  .object({
    ids: z
      .array(recordId)
      .min(1, { error: "validation.required" })
      .max(LIST_PAGE_SIZE.max, { error: "validation.invalid" })
      .optional(),
    all: z.boolean({ error: "validation.invalid" }).optional(),
  })
  .refine((input) => (input.all === true) !== (input.ids !== undefined), {
    error: "validation.required",
    path: ["ids"],
  });

export const noticeMarkReadResult = z.object({
  /** Notices newly marked read by this call (one read already, or not the account's, is not counted). */
  marked: z.number().int().nonnegative(),
});

export const noticeEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Notice/get_notice_list",
    summary:
      "The platform's notices to the signed-in account's audience (everyone, its group, its vendor — for a group account acting on a vendor, the group's and that vendor's), newest first, each read or not by this account, optionally unread only, paged by cursor",
    access: CONSOLE_SESSION,
    body: noticeListRequest,
    result: listResult(noticeItem),
    mutates: false,
  }),
  unreadCount: endpoint({
    method: "POST",
    path: "/api/Notice/get_unread_count",
    summary: "How many of the notices the signed-in account sees it has not read (the header's badge)",
    access: CONSOLE_SESSION,
    body: z.object({}),
    result: noticeUnreadCount,
    mutates: false,
  }),
  markRead: endpoint({
    method: "POST",
    path: "/api/Notice/mark_read",
    summary:
      "Marks notices read for the signed-in account: those of `ids` it sees (others are ignored), or with `all: true` every notice it sees",
    access: CONSOLE_SESSION,
    body: noticeMarkReadRequest,
    result: noticeMarkReadResult,
    mutates: true,
    log: "notices.markRead",
  }),
} as const;
