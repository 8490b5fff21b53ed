import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A local SMTP server on loopback that keeps every mail it is given (no sign-in needed). */
export async function captureMail(): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
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

/** The bytes of a base64 attachment of a received mail, found by its content type. */
export function attachmentOf(raw: string, contentType: string): Buffer | undefined {
  // A long header may be folded onto the next line right after its name.
  const at = raw.search(new RegExp(`content-type:\\s*${contentType.replace(/[.+]/g, "\\$&")}`, "i"));
  if (at < 0) return undefined;
  const part = raw.slice(at);
  const start = part.search(/\r?\n\r?\n/);
  const end = part.indexOf("\n--", start);
  return Buffer.from(part.slice(start, end < 0 ? undefined : end).replace(/\s+/g, ""), "base64");
}
