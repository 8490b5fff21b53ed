import type { EmailConfig, emailConfigUpdateRequest, MailAuthMethod, MailSendMethod } from "@washboard/shared";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { MailSendError, type OutgoingMail, type SentMail, sendMail } from "../../platform/mail/mailer.js";
import { PrivateHostError } from "../../platform/mail/public-host.js";
import { maskSecret, type SecretBox } from "../../platform/secrets/secret-box.js";
import { tenantOfGroup } from "../tenancy/public.js";
import { groupEmailConfigs } from "./tables.js";

type Row = typeof groupEmailConfigs.$inferSelect;

const DEFAULTS: EmailConfig = {
  configured: false,
  send_method: "smtp",
  smtp_server: "",
  auth_method: "login",
  port: 587,
  username: "",
  password: "",
  has_password: false,
  sender_name: "",
  title: "",
};

const TEST_SUBJECT = "Washboard test email";

async function findRow(db: Db, groupId: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(groupEmailConfigs)
    .where(tenantOfGroup(groupId).owns(groupEmailConfigs))
    .limit(1);
  return row;
}

function plainPassword(secrets: SecretBox, row: Row | undefined): string {
  return row && row.passwordSealed !== "" ? secrets.open(row.passwordSealed) : "";
}

function toResult(secrets: SecretBox, row: Row | undefined): EmailConfig {
  if (!row) return DEFAULTS;
  const password = plainPassword(secrets, row);
  return {
    configured: true,
    send_method: row.sendMethod as MailSendMethod,
    smtp_server: row.smtpServer,
    auth_method: row.authMethod as MailAuthMethod,
    port: row.port,
    username: row.username,
    password: maskSecret(password),
    has_password: password !== "",
    sender_name: row.senderName,
    title: row.title,
  };
}

export async function getEmailConfig(db: Db, secrets: SecretBox, groupId: number): Promise<EmailConfig> {
  return toResult(secrets, await findRow(db, groupId));
}

/**
 * Saves the configuration. The password arrives as the console shows it: the mask unchanged keeps
 * the stored password, empty clears it, anything else is sealed as the new one.
 */
export async function updateEmailConfig(
  db: Db,
  secrets: SecretBox,
  groupId: number,
  input: z.output<typeof emailConfigUpdateRequest>,
): Promise<EmailConfig> {
  const current = await findRow(db, groupId);
  const currentPlain = plainPassword(secrets, current);
  let passwordSealed: string;
  if (current && currentPlain !== "" && input.password === maskSecret(currentPlain)) {
    passwordSealed = current.passwordSealed;
  } else {
    passwordSealed = input.password === "" ? "" : secrets.seal(input.password);
  }
  const values = {
    sendMethod: input.send_method,
    smtpServer: input.smtp_server,
    authMethod: input.auth_method,
    port: input.port,
    username: input.username,
    passwordSealed,
    senderName: input.sender_name,
    title: input.title,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(groupEmailConfigs)
    .values({ groupId, ...values })
    .onConflictDoUpdate({ target: groupEmailConfigs.groupId, set: values })
    .returning();
  return toResult(secrets, row);
}

/** The sender address: the SMTP username when it is an address, else no-reply at the server's host. */
function senderAddress(row: Row): string {
  return row.username.includes("@") ? row.username : `no-reply@${row.smtpServer}`;
}

/** Whether the group has saved a mail configuration (scheduled reports need one). */
export async function groupMailConfigured(db: Db, groupId: number): Promise<boolean> {
  return (await findRow(db, groupId)) !== undefined;
}

/**
 * Sends one mail through the group's saved configuration, from its sender name and address, with
 * its title as the subject unless the mail brings one. Throws MailSendError (worth retrying),
 * PrivateHostError, or MAIL_NOT_CONFIGURED.
 */
export async function sendGroupMail(
  db: Db,
  secrets: SecretBox,
  groupId: number,
  mail: Omit<OutgoingMail, "from" | "subject"> & { subject?: string },
  options: { allowPrivateHosts: boolean },
): Promise<SentMail> {
  const row = await findRow(db, groupId);
  if (!row) throw new AppError("MAIL_NOT_CONFIGURED");
  return sendMail(
    {
      host: row.smtpServer,
      port: row.port,
      method: row.sendMethod as MailSendMethod,
      auth:
        row.authMethod === "none"
          ? null
          : { method: row.authMethod as "plain" | "login", user: row.username, pass: plainPassword(secrets, row) },
    },
    { ...mail, from: { name: row.senderName, address: senderAddress(row) }, subject: mail.subject || row.title },
    options,
  );
}

/** Sends a test mail through the saved configuration; the server's refusal comes back in English. */
export async function sendTestEmail(
  db: Db,
  secrets: SecretBox,
  groupId: number,
  to: string,
  options: { allowPrivateHosts: boolean },
): Promise<{ accepted: string[]; message_id: string }> {
  const row = await findRow(db, groupId);
  if (!row) throw new AppError("MAIL_NOT_CONFIGURED");
  let sent: SentMail;
  try {
    sent = await sendGroupMail(
      db,
      secrets,
      groupId,
      {
        to,
        subject: row.title || TEST_SUBJECT,
        text: "This is a test email from Washboard. If you can read it, your organization's mail configuration works.",
      },
      options,
    );
  } catch (error) {
    if (error instanceof PrivateHostError) {
      throw new AppError("MAIL_SEND_FAILED", {
        messageKey: "emailConfig.privateHost",
        params: { host: row.smtpServer },
      });
    }
    if (error instanceof MailSendError && error.unreachable) {
      throw new AppError("MAIL_SEND_FAILED", {
        messageKey: "emailConfig.unreachable",
        params: { host: row.smtpServer },
      });
    }
    if (error instanceof MailSendError) {
      throw new AppError("MAIL_SEND_FAILED", { message: `The test email could not be sent: ${error.reason}` });
    }
    throw error;
  }
  return { accepted: sent.accepted, message_id: sent.messageId };
}
