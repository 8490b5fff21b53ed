import { isIP } from "node:net";
import { PrivateHostError, publicAddressOf } from "./public-host.js";

/** An SMTP server to send through, with the password already opened. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** "smtp": STARTTLS when offered; "smtp_starttls": STARTTLS required; "smtp_ssl": TLS from the first byte. */
  method: "smtp" | "smtp_starttls" | "smtp_ssl";
  auth: { method: "plain" | "login"; user: string; pass: string } | null;
}

export interface OutgoingMail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** "<…@…>": a retried delivery carries the same id, so the recipient's server can tell it is one mail. */
  messageId?: string;
}

export interface SentMail {
  messageId: string;
  accepted: string[];
}

/**
 * A refusal by the mail server, in its (English) words; or no mail server reached at all, said the
 * same way whatever the cause (`unreachable`), so the check cannot tell an open port from a closed one.
 */
export class MailSendError extends Error {
  constructor(
    readonly reason: string,
    readonly smtpCode: string | undefined,
    readonly unreachable = false,
  ) {
    super(reason);
  }
}

export const MAIL_SERVER_UNREACHABLE = "cannot reach the mail server";

/** nodemailer's codes for a refusal by a mail server that spoke SMTP. */
const SMTP_REFUSALS = new Set(["EAUTH", "EENVELOPE", "EMESSAGE"]);

/** Short enough that a failure answers well within the console's 70 s timeout. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

function reasonOf(error: unknown): MailSendError {
  const e = error as { code?: unknown; response?: unknown; message?: unknown };
  const code = typeof e.code === "string" ? e.code : undefined;
  // Only a mail server that took part in SMTP refuses a sign-in, an address or a message; anything
  // else — refused, timed out, no such name, not TLS, something other than SMTP answering — is one.
  if (!SMTP_REFUSALS.has(code ?? "") || typeof e.response !== "string" || e.response === "") {
    return new MailSendError(MAIL_SERVER_UNREACHABLE, undefined, true);
  }
  const text = e.response;
  // One line, no stack, bounded.
  const oneLine = text.replace(/\s+/g, " ").trim().slice(0, 300);
  return new MailSendError(code ? `${code}: ${oneLine}` : oneLine, code);
}

/**
 * Sends one mail through an SMTP server with nodemailer; failures become `MailSendError`, and a
 * server on a private network `PrivateHostError` unless `allowPrivateHosts` (local test servers).
 */
export async function sendMail(
  settings: SmtpSettings,
  mail: OutgoingMail,
  options: { allowPrivateHosts: boolean },
): Promise<SentMail> {
  let address: string;
  try {
    address = await publicAddressOf(settings.host, options.allowPrivateHosts);
  } catch (error) {
    if (error instanceof PrivateHostError) throw error;
    throw reasonOf(error);
  }
  // Loaded with the first mail, not at every start.
  const { default: nodemailer } = await import("nodemailer");
  const transport = nodemailer.createTransport({
    host: address,
    // Certificates are checked against the name the group configured, not the address.
    ...(isIP(settings.host) ? {} : { tls: { servername: settings.host } }),
    port: settings.port,
    secure: settings.method === "smtp_ssl",
    requireTLS: settings.method === "smtp_starttls",
    ...(settings.auth
      ? { auth: { user: settings.auth.user, pass: settings.auth.pass }, authMethod: settings.auth.method.toUpperCase() }
      : {}),
    ...TIMEOUTS,
  });
  try {
    const info = await transport.sendMail({
      from: { name: mail.from.name, address: mail.from.address },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
    });
    return {
      messageId: String(info.messageId ?? ""),
      accepted: (info.accepted ?? []).map((a: unknown) =>
        typeof a === "string" ? a : String((a as { address?: unknown }).address ?? ""),
      ),
    };
  } catch (error) {
    throw reasonOf(error);
  } finally {
    transport.close();
  }
}
