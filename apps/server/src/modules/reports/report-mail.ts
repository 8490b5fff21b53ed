import { createHash } from "node:crypto";
import {
  addTableSheet,
  exportCellText,
  FORM_REPORTS,
  type FormReportKey,
  type LanguageCode,
  reportExportTable,
} from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import { message } from "../../platform/i18n/messages.js";
import { MailSendError } from "../../platform/mail/mailer.js";
import { PrivateHostError } from "../../platform/mail/public-host.js";
import type { AppDeps } from "../../platform/module.js";
import { type OutboxHandler, PermanentFailure } from "../../platform/outbox/outbox.js";
import { sendGroupMail } from "../email-config/public.js";
import { findVendor, type VendorRow, vendorTableFormat } from "../tenancy/public.js";
import { REPORT_ROWS } from "./report-rows.js";
import { type Period, periodText } from "./schedule.js";
import { findSubscription, type ReportMailPayload } from "./subscriptions.js";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export interface ReportMail {
  subject: string;
  text: string;
  filename: string;
  workbook: Buffer;
}

/**
 * One report's mail in the reader's language: the table the console shows for the period, as an
 * Excel workbook with its totals row (amounts and counts as numbers a finance user can add up), and
 * the totals again in the body.
 */
export async function composeReportMail(
  deps: Pick<AppDeps, "reader">,
  vendor: VendorRow,
  report: FormReportKey,
  period: Period,
  language: LanguageCode,
  frequency: string,
): Promise<ReportMail> {
  const t = (key: string, params?: Record<string, string | number>) => message(language, key, params);
  const format = vendorTableFormat(vendor, language);
  const definition = FORM_REPORTS[report];
  const rows = await REPORT_ROWS[report](deps.reader, vendor, period);
  const title = t(`routes.${report}`);
  const table = reportExportTable(title, definition.columns, rows, format);
  // Loaded with the first report mail: a third of a second of every start otherwise.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.Workbook();
  addTableSheet(workbook, table);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());

  const totals = table.rows.length > rows.length ? (table.rows.at(-1) ?? []).map(exportCellText) : [];
  const summary = definition.columns
    .map((column, i) => ({ column, total: totals[i] }))
    .filter(({ column, total }, i) => i > 0 && column.total && total !== undefined && total !== "")
    .map(({ column, total }) => `${t(column.titleKey)}: ${total}`);
  const text = [
    `${title} — ${vendor.name}`,
    t("reports.mail.period", { from: period.from, to: period.to }),
    "",
    ...(rows.length === 0 ? [t("reports.mail.empty")] : [t("reports.mail.totals"), ...summary.map((s) => `  ${s}`)]),
    "",
    t("reports.mail.attached", { rows: rows.length }),
    "",
    t(`reports.mail.why.${frequency}`),
  ].join("\n");
  const base = `${title} ${period.from} ${period.to}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, " ").trim();
  return {
    subject: t("reports.mail.subject", { report: title, vendor: vendor.name, from: period.from, to: period.to }),
    text,
    filename: `${base}.xlsx`,
    workbook: buffer,
  };
}

/**
 * Delivers a scheduled report: composes it when it goes (so late refunds of the period are in) and
 * sends it through the vendor's group's SMTP settings. The mail's Message-ID comes from the outbox
 * key, so a retried delivery is recognisably the same mail. A removed subscription sends nothing.
 */
export function reportMailDelivery(deps: AppDeps): OutboxHandler {
  return async (outbox) => {
    const { subscriptionId, period } = outbox.payload as ReportMailPayload;
    const subscription = await findSubscription(deps.db, subscriptionId);
    if (!subscription) return { skipped: "unsubscribed" };
    const vendor = await findVendor(deps.db, subscription.vendorId);
    if (!vendor?.groupId) throw new PermanentFailure("the vendor has no group, so no mail configuration");
    const mail = await composeReportMail(
      deps,
      vendor,
      subscription.report as FormReportKey,
      period,
      subscription.language as LanguageCode,
      subscription.frequency,
    );
    const messageId = `<${createHash("sha256").update(outbox.key).digest("hex").slice(0, 32)}@washboard.report>`;
    try {
      const sent = await sendGroupMail(
        deps.db,
        deps.secrets,
        vendor.groupId,
        {
          to: subscription.email,
          subject: mail.subject,
          text: mail.text,
          attachments: [{ filename: mail.filename, content: mail.workbook, contentType: XLSX }],
          messageId,
        },
        { allowPrivateHosts: deps.config.smtpAllowPrivate },
      );
      return { period: periodText(period), accepted: sent.accepted, message_id: sent.messageId };
    } catch (error) {
      if (error instanceof PrivateHostError)
        throw new PermanentFailure(`mail server on a private network: ${error.message}`);
      if (error instanceof AppError) throw new PermanentFailure(error.message);
      if (error instanceof MailSendError) throw new Error(error.reason);
      throw error;
    }
  };
}
