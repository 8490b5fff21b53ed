import { type AddressInfo, createServer } from "node:net";
import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { type CapturingSmtp, type ReceivedMail, startCapturingSmtp } from "../../test/smtp.js";
import { operationLog } from "../operation-log/tables.js";
import { groupEmailConfigs } from "./tables.js";

const SMTP_USER = "mailer@demo.test";
const SMTP_PASS = "s3cret-Smtp-Pass";

let server: TestServer;
let token = "";
let groupId = 0;
let smtp: CapturingSmtp;
let smtpPort = 0;
let received: ReceivedMail[] = [];

/** A real SMTP server on 127.0.0.1 that accepts one account and keeps what it receives. */
async function startSmtp(): Promise<void> {
  smtp = await startCapturingSmtp({ user: SMTP_USER, pass: SMTP_PASS });
  smtpPort = smtp.port;
  received = smtp.received;
}

type MailSettings = BodyOf<typeof API.emailConfig.update>;

function config(fields: Partial<MailSettings> = {}): MailSettings {
  return {
    send_method: "smtp",
    smtp_server: "127.0.0.1",
    auth_method: "login",
    port: smtpPort,
    username: SMTP_USER,
    password: SMTP_PASS,
    sender_name: "Demo Laundry Group",
    title: "Hello from Demo Group",
    ...fields,
  };
}

const update = (fields: Partial<MailSettings> = {}) => server.send(API.emailConfig.update, config(fields), { token });
/** An update with fields the contract does not accept, to see the server refuse them. */
const updateUnchecked = (fields: Record<string, unknown>) =>
  server.sendRaw(API.emailConfig.update, { ...config(), ...fields }, { token });
const get = (t = token) => server.send(API.emailConfig.get, {}, { token: t });
const sendTest = (to: string, t = token) => server.send(API.emailConfig.sendTest, { to }, { token: t });

beforeAll(async () => {
  await startSmtp();
  // The capturing SMTP server listens on loopback, which production refuses (see the test below).
  server = await startTestServer({ smtpAllowPrivate: true });
  token = await server.login("group_admin");
  groupId = (await demoVendors(server.database)).groupId;
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe("group email configuration", () => {
  it("answers defaults before anything is saved, and refuses a test email then", async () => {
    const { body } = await get();
    expect(body.result).toMatchObject({ configured: false, password: "", has_password: false });
    const test = await sendTest("someone@example.com");
    expect(test.body.code).toBe("MAIL_NOT_CONFIGURED");
  });

  it("accepts port 65534 and refuses 65535, 0 and text (spec §5: ports below 65535)", async () => {
    expect((await update({ port: 65534 })).http).toBe(200);
    for (const port of [65535, 0, 70000]) {
      const { http, body } = await update({ port });
      expect(http, String(port)).toBe(400);
      expect(body, String(port)).toMatchObject({
        code: "VALIDATION_FAILED",
        field: "port",
        message_key: "validation.port",
      });
    }
    const text = await updateUnchecked({ port: "abc" });
    expect(text.body).toMatchObject({ field: "port", message_key: "validation.numeric" });
    const fraction = await update({ port: 25.5 });
    expect(fraction.body).toMatchObject({ field: "port" });
  });

  it("requires the SMTP server and a known send and authentication method", async () => {
    expect((await update({ smtp_server: "" })).body).toMatchObject({ field: "smtp_server" });
    expect((await updateUnchecked({ send_method: "pigeon" })).body).toMatchObject({ field: "send_method" });
    expect((await updateUnchecked({ auth_method: "magic" })).body).toMatchObject({ field: "auth_method" });
  });

  it("keeps the password sealed at rest and masked in every answer", async () => {
    const saved = await update();
    expect(saved.http).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(SMTP_PASS);
    expect(saved.body.result.password).toMatch(/^•+Pass$/);
    expect(saved.body.result.has_password).toBe(true);
    const read = await get();
    expect(JSON.stringify(read.body)).not.toContain(SMTP_PASS);
    expect(read.body.result).toMatchObject({
      configured: true,
      smtp_server: "127.0.0.1",
      port: smtpPort,
      username: SMTP_USER,
      sender_name: "Demo Laundry Group",
      title: "Hello from Demo Group",
    });
    const [row] = await server.database.db
      .select()
      .from(groupEmailConfigs)
      .where(eq(groupEmailConfigs.groupId, groupId));
    expect(row?.passwordSealed).toMatch(/^v1:/);
    expect(row?.passwordSealed).not.toContain(SMTP_PASS);
    // Nor in the operation log.
    const log = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "emailConfig.update"));
    expect(log.length).toBeGreaterThan(0);
    expect(JSON.stringify(log)).not.toContain(SMTP_PASS);
  });

  it("keeps the stored password when the mask comes back unchanged", async () => {
    const mask = (await get()).body.result.password;
    const [before] = await server.database.db
      .select()
      .from(groupEmailConfigs)
      .where(eq(groupEmailConfigs.groupId, groupId));
    const saved = await update({ password: mask, sender_name: "Renamed sender" });
    expect(saved.body.result).toMatchObject({ has_password: true, password: mask, sender_name: "Renamed sender" });
    const [after] = await server.database.db
      .select()
      .from(groupEmailConfigs)
      .where(eq(groupEmailConfigs.groupId, groupId));
    expect(after?.passwordSealed).toBe(before?.passwordSealed);
  });

  it("sends a real test email that arrives with the right sender, subject and recipient", async () => {
    await update({ sender_name: "Demo Laundry Group" });
    received.length = 0;
    const { http, body } = await sendTest("owner@example.com");
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ accepted: ["owner@example.com"] });
    expect(received).toHaveLength(1);
    const mail = received[0];
    expect(mail?.from).toBe(SMTP_USER);
    expect(mail?.to).toEqual(["owner@example.com"]);
    expect(mail?.raw).toMatch(/^Subject: Hello from Demo Group\r?$/m);
    expect(mail?.raw).toMatch(/^From: Demo Laundry Group <mailer@demo\.test>\r?$/m);
    expect(mail?.raw).toMatch(/^To: owner@example\.com\r?$/m);
  });

  it("refuses a malformed recipient before sending", async () => {
    const { body } = await sendTest("not-an-address");
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field: "to", message_key: "validation.email" });
  });

  it("answers MAIL_SEND_FAILED with the server's reason when it refuses the sign-in", async () => {
    await update({ password: "wrong-password" });
    received.length = 0;
    const { http, body } = await sendTest("owner@example.com");
    expect(http).toBe(502);
    expect(body.code).toBe("MAIL_SEND_FAILED");
    expect(body.message).toMatch(/EAUTH/);
    expect(body.message).toMatch(/Invalid username or password/);
    expect(body.message).not.toMatch(/\n\s+at /);
    expect(received).toHaveLength(0);
  });

  it("answers one MAIL_SEND_FAILED, 'cannot reach the mail server', whether nothing listens or something else does", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = new SMTPServer({ logger: false });
      probe.listen(0, "127.0.0.1", () => {
        const port = (probe.server.address() as AddressInfo).port;
        probe.close(() => resolve(port));
      });
    });
    // An open port of another service: it answers, but not in SMTP.
    const other = createServer((socket) => socket.end("HTTP/1.1 400 Bad Request\r\n\r\n"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const open = (other.address() as AddressInfo).port;
    try {
      const answers = [];
      for (const port of [closed, open]) {
        await update({ port, password: SMTP_PASS });
        const { http, body } = await sendTest("owner@example.com");
        expect(http).toBe(502);
        answers.push({ code: body.code, key: body.message_key, params: body.message_params, message: body.message });
      }
      expect(answers[0]).toMatchObject({ code: "MAIL_SEND_FAILED", key: "emailConfig.unreachable" });
      // The probe learns nothing of the port from the answer.
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      other.close();
    }
  });

  it("refuses to connect to a mail server on a private network unless the server allows it", async () => {
    const strict = await startTestServer();
    const receivedBefore = received.length;
    try {
      const groupToken = await strict.login("group_admin");
      for (const host of ["127.0.0.1", "localhost", "10.1.2.3", "192.168.0.10"]) {
        const saved = await strict.send(API.emailConfig.update, config({ smtp_server: host }), { token: groupToken });
        expect(saved.http, host).toBe(200);
        const { http, body } = await strict.send(
          API.emailConfig.sendTest,
          { to: "someone@laundry.example" },
          { token: groupToken },
        );
        expect([http, body.code, body.message_key, body.message_params], host).toEqual([
          502,
          "MAIL_SEND_FAILED",
          "emailConfig.privateHost",
          { host },
        ]);
      }
      expect(received).toHaveLength(receivedBefore);
    } finally {
      await strict.close();
    }
  });

  it("sends without authentication when the method is none", async () => {
    await update({ auth_method: "none", username: "", password: "", port: smtpPort });
    received.length = 0;
    const { http, body } = await sendTest("plain@example.com");
    expect(http, JSON.stringify(body)).toBe(200);
    expect(received[0]?.from).toBe("no-reply@127.0.0.1");
    expect((await get()).body.result.has_password).toBe(false);
  });

  it("keeps each group's configuration to itself, and is refused to merchants", async () => {
    const other = await otherTenant(server.database);
    const theirs = await get(await server.login(other.groupAdmin.username));
    expect(theirs.body.result.configured).toBe(false);
    const vendorToken = await server.login("vendor_admin");
    expect((await get(vendorToken)).body.code).toBe("NO_PERMISSION");
    expect((await sendTest("x@example.com", vendorToken)).body.code).toBe("NO_PERMISSION");
  });
});
