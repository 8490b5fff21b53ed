import { z } from "zod";
import { FORM_REPORT_KEYS } from "../reports/form-reports.js";
import { endpoint } from "./contract.js";
import { testEmailAddress } from "./email-config.js";
import { languageCode, recordId } from "./fields.js";

/**
 * Scheduled reports (issue 12, beyond the spec): an e-mail address subscribed to a /form/* report
 * weekly or monthly receives the past week's or month's table as an Excel attachment, with the
 * totals in the body, in the language chosen when subscribing, through the group's SMTP settings.
 */
export const REPORT_FREQUENCIES = ["weekly", "monthly"] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** How many addresses one vendor may subscribe, over all its reports. */
export const REPORT_SUBSCRIPTIONS_MAX = 50;

export const formReportKey = z.enum(FORM_REPORT_KEYS, { error: "validation.invalid" });
export const reportFrequency = z.enum(REPORT_FREQUENCIES, { error: "validation.invalid" });

export const reportSubscriptionRequest = z.object({
  report: formReportKey,
  email: testEmailAddress,
  frequency: reportFrequency,
  language: languageCode,
});
export type ReportSubscriptionRequest = z.input<typeof reportSubscriptionRequest>;

export const reportSubscription = z.object({
  id: z.number().int(),
  report: formReportKey,
  email: z.string(),
  frequency: reportFrequency,
  language: languageCode,
  /** When the next mail goes (seconds): 06:00 vendor time on a Monday or on the 1st. */
  next_run_at: z.number().int(),
  /** The last period mailed, "YYYY-MM-DD..YYYY-MM-DD", or null before the first. */
  last_period: z.string().nullable(),
  /** Where the last mail (scheduled or sent now) stands: the outbox's state and the server's refusal. */
  last_delivery: z
    .object({
      state: z.enum(["pending", "delivered", "failed"]),
      error: z.string().nullable(),
      at: z.number().int().nullable(),
    })
    .nullable(),
  /** The console account that subscribed the address. */
  created_by: z.string(),
  created_at: z.number().int(),
});
export type ReportSubscription = z.infer<typeof reportSubscription>;

const VENDOR = { kind: "session", levels: [3, 4] } as const;

export const reportSubscriptionEndpoints = {
  subscriptions: endpoint({
    method: "POST",
    path: "/api/Reports/get_report_subscriptions",
    summary: "The addresses subscribed to the vendor's reports (those of reports the account may read)",
    access: VENDOR,
    body: z.object({ report: formReportKey.optional() }),
    result: z.object({ items: z.array(reportSubscription) }),
    mutates: false,
  }),
  subscribe: endpoint({
    method: "POST",
    path: "/api/Reports/add_report_subscription",
    summary: "Subscribes an address to a report weekly or monthly; needs the report's v_form key",
    access: VENDOR,
    body: reportSubscriptionRequest,
    result: reportSubscription,
    mutates: true,
    log: "reports.subscribe",
  }),
  unsubscribe: endpoint({
    method: "POST",
    path: "/api/Reports/delete_report_subscription",
    summary: "Stops a report's mails to an address",
    access: VENDOR,
    body: z.object({ id: recordId }),
    result: z.object({}),
    mutates: true,
    log: "reports.unsubscribe",
  }),
  sendNow: endpoint({
    method: "POST",
    path: "/api/Reports/send_report_subscription",
    summary: "Mails the subscription's last whole period now (the scheduled mail still goes)",
    access: VENDOR,
    body: z.object({ id: recordId }),
    result: z.object({ period: z.string() }),
    mutates: true,
    log: "reports.sendNow",
  }),
} as const;
