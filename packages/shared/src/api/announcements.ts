import { z } from "zod";
import {
  ANNOUNCEMENT_LIMITS,
  lineCount,
  normalizedLines,
  POPUP_ANIMATIONS,
  POPUP_SKINS,
} from "../announcements/popups.js";
import { endpoint } from "./contract.js";
import { epochSeconds, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { PROMOTION_LIMITS, PROMOTION_STATES } from "./promotions.js";

/**
 * Announcements (spec §6 `op_goodnews` "good news", §9 popup skins and animations): a title, a
 * plain text and a button that the pay page of the shops in scope shows as a popup while the
 * announcement runs. They are promotions' neighbours — a period, a scope of shops (empty: every
 * shop), an on/off switch, the same four states — so they live in the promotions domain, each call
 * needing op_goodnews.
 */

/** Plain text of several lines: line ends as `\n`, the ends trimmed, limited in characters and lines. */
export const announcementBody = z
  .string({ error: "validation.required" })
  .transform((text) => normalizedLines(text).trim())
  .pipe(
    z
      .string()
      .min(1, { error: "validation.required" })
      .max(ANNOUNCEMENT_LIMITS.body, { error: "validation.tooLong" })
      .refine((text) => lineCount(text) <= ANNOUNCEMENT_LIMITS.bodyLines, { error: "validation.tooManyLines" }),
  );

/** Empty: the popup's own "Got it". */
export const announcementButtonText = z
  .string({ error: "validation.invalid" })
  .trim()
  .max(ANNOUNCEMENT_LIMITS.buttonText, { error: "validation.tooLong" })
  .default("");

const periodValid = (v: { starts_at: number; ends_at: number }) => v.ends_at > v.starts_at;

const announcementFields = {
  title: requiredText(ANNOUNCEMENT_LIMITS.title),
  body: announcementBody,
  button_text: announcementButtonText,
  skin: z.enum(POPUP_SKINS, { error: "validation.invalid" }),
  animation: z.enum(POPUP_ANIMATIONS, { error: "validation.invalid" }),
  starts_at: epochSeconds,
  ends_at: epochSeconds,
  /** Empty: every shop of the vendor. */
  shop_ids: z.array(recordId).max(PROMOTION_LIMITS.shops, { error: "validation.tooManyShops" }).default([]),
};

export const announcementCreateRequest = z
  .object(announcementFields)
  .refine(periodValid, { error: "validation.periodOrder", path: ["ends_at"] });
export const announcementModifyRequest = z
  .object({ id: recordId, ...announcementFields })
  .refine(periodValid, { error: "validation.periodOrder", path: ["ends_at"] });
export const announcementStatusRequest = z.object({
  id: recordId,
  enabled: z.boolean({ error: "validation.invalid" }),
});

export const announcementItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  button_text: z.string(),
  skin: z.enum(POPUP_SKINS),
  animation: z.enum(POPUP_ANIMATIONS),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  shop_ids: z.array(z.number().int()),
  enabled: z.boolean(),
  state: z.enum(PROMOTION_STATES),
  created_at: z.number().int(),
});
export type AnnouncementItem = z.infer<typeof announcementItem>;

export const announcementListRequest = listRequest({
  title: z.string().trim().max(ANNOUNCEMENT_LIMITS.title, { error: "validation.tooLong" }).optional(),
  state: z.enum(PROMOTION_STATES, { error: "validation.invalid" }).optional(),
});
export const announcementListResult = listResult(announcementItem);

/** What the pay page shows of a running announcement: the popup, nothing of its period or scope. */
export const payAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  button_text: z.string(),
  skin: z.enum(POPUP_SKINS),
  animation: z.enum(POPUP_ANIMATIONS),
});
export type PayAnnouncement = z.infer<typeof payAnnouncement>;

const GOOD_NEWS = { kind: "session", levels: [3, 4], permission: "op_goodnews" } as const;

/** Spread into the promotions domain (`API.promotions.announcements`, …). */
export const announcementEndpoints = {
  announcements: endpoint({
    method: "POST",
    path: "/api/Promotion/get_announcement_list",
    summary: "Announcements of the vendor (popups on the pay page), newest first, each with its state",
    access: GOOD_NEWS,
    body: announcementListRequest,
    result: announcementListResult,
    mutates: false,
  }),
  createAnnouncement: endpoint({
    method: "POST",
    path: "/api/Promotion/create_announcement",
    summary: "Creates an announcement, switched on: title, plain text, button text, skin, animation, period and shops",
    access: GOOD_NEWS,
    body: announcementCreateRequest,
    result: announcementItem,
    mutates: true,
    log: "promotions.createAnnouncement",
  }),
  modifyAnnouncement: endpoint({
    method: "POST",
    path: "/api/Promotion/modify_announcement",
    summary: "Changes an announcement",
    access: GOOD_NEWS,
    body: announcementModifyRequest,
    result: announcementItem,
    mutates: true,
    log: "promotions.modifyAnnouncement",
  }),
  setAnnouncementStatus: endpoint({
    method: "POST",
    path: "/api/Promotion/set_announcement_status",
    summary: "Switches an announcement on or off",
    access: GOOD_NEWS,
    body: announcementStatusRequest,
    result: announcementItem,
    mutates: true,
    log: "promotions.setAnnouncementStatus",
  }),
  removeAnnouncement: endpoint({
    method: "POST",
    path: "/api/Promotion/remove_announcement",
    summary: "Removes an announcement",
    access: GOOD_NEWS,
    body: z.object({ id: recordId }),
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "promotions.removeAnnouncement",
  }),
} as const;
