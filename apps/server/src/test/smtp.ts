import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface CapturingSmtp {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives: mail without a sign-in is accepted,
 * and a client that signs in must use `account` (without one, no sign-in succeeds). The server's
 * tests and the browser tests (`@washboard/server/test/smtp`) both receive mail here.
 */
export async function startCapturingSmtp(account?: { user: string; pass: string }): Promise<CapturingSmtp> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    // Report workbooks are small, but the default is generous anyway.
    size: 20 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (account && auth.username === account.user && auth.password === account.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (smtp.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** The decoded body of a MIME part of a received mail, by its content type (base64 or quoted-printable). */
export function mimePart(raw: string, contentType: string): Buffer | undefined {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    if (!new RegExp(`content-type:\\s*${contentType.replace(/[.+]/g, "\\$&")}`, "i").test(headers)) continue;
    const body = part.slice(split).trim();
    if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64");
    if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
      const bytes = body
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, "latin1");
    }
    return Buffer.from(body, "utf8");
  }
  return undefined;
}
