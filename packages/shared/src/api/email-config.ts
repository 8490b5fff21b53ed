import { z } from "zod";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { requiredText } from "./fields.js";

/**
 * How mail leaves: plain SMTP (STARTTLS when the server offers it), SMTP that requires STARTTLS,
 * or SMTP over TLS from the first byte (usually port 465).
 */
export const MAIL_SEND_METHODS = ["smtp", "smtp_starttls", "smtp_ssl"] as const;
export type MailSendMethod = (typeof MAIL_SEND_METHODS)[number];

/** How the server signs in to the SMTP server. */
export const MAIL_AUTH_METHODS = ["none", "plain", "login"] as const;
export type MailAuthMethod = (typeof MAIL_AUTH_METHODS)[number];

/** Spec §5: ports are whole numbers below 65535. */
export const mailPort = z
  .number({ error: "validation.numeric" })
  .int({ error: "validation.numeric" })
  .min(1, { error: "validation.port" })
  .max(LIMITS.portExclusiveMax - 1, { error: "validation.port" });

export const testEmailAddress = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));

export const emailConfigFields = {
  send_method: z.enum(MAIL_SEND_METHODS, { error: "validation.invalid" }),
  smtp_server: requiredText(255),
  auth_method: z.enum(MAIL_AUTH_METHODS, { error: "validation.invalid" }),
  port: mailPort,
  username: z.string().trim().max(255, { error: "validation.tooLong" }).default(""),
  /**
   * The SMTP password. Answers carry it masked; sending the mask back unchanged keeps the stored
   * password, an empty string clears it, anything else replaces it.
   */
  password: z.string().max(255, { error: "validation.tooLong" }).default(""),
  sender_name: z.string().trim().max(128, { error: "validation.tooLong" }).default(""),
  /** The subject line of the mails the group sends. */
  title: z.string().trim().max(255, { error: "validation.tooLong" }).default(""),
};

export const emailConfigUpdateRequest = z.object(emailConfigFields);

export const emailConfigResult = z.object({
  configured: z.boolean(),
  send_method: z.enum(MAIL_SEND_METHODS),
  smtp_server: z.string(),
  auth_method: z.enum(MAIL_AUTH_METHODS),
  port: z.number().int(),
  username: z.string(),
  /** Masked: enough to recognise it, never enough to use it. */
  password: z.string(),
  has_password: z.boolean(),
  sender_name: z.string(),
  title: z.string(),
});
export type EmailConfig = z.infer<typeof emailConfigResult>;

export const sendTestEmailRequest = z.object({ to: testEmailAddress });
export const sendTestEmailResult = z.object({
  accepted: z.array(z.string()),
  message_id: z.string(),
});

const GROUP_ONLY = { kind: "session", levels: [6, 7] } as const;

export const emailConfigEndpoints = {
  get: endpoint({
    method: "POST",
    path: "/api/Group/get_group_email_cfg",
    summary: "The group's mail (SMTP) configuration, password masked",
    access: GROUP_ONLY,
    body: z.object({}),
    result: emailConfigResult,
    mutates: false,
  }),
  update: endpoint({
    method: "POST",
    path: "/api/Group/update_group_email_cfg",
    summary: "Saves the group's mail (SMTP) configuration; the password is encrypted at rest",
    access: GROUP_ONLY,
    body: emailConfigUpdateRequest,
    result: emailConfigResult,
    mutates: true,
    log: "emailConfig.update",
  }),
  sendTest: endpoint({
    method: "POST",
    path: "/api/Group/send_test_email",
    summary:
      "Sends a test email through the saved configuration; SMTP failures answer MAIL_SEND_FAILED with the reason",
    access: GROUP_ONLY,
    body: sendTestEmailRequest,
    result: sendTestEmailResult,
    mutates: true,
    log: "emailConfig.sendTest",
  }),
} as const;
