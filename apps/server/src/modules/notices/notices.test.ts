import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { API, type NoticeItem } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../platform/db/client.js";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { listNotices } from "./notices.js";
import { NoticeRefused, publishNotice } from "./public.js";

/**
 * Notices (spec §2 "a notice list"): each console account sees those of its audience — everyone, its
 * group, its vendor — newest first, read or unread for itself alone; the CLI publishes them.
 */

let server: TestServer;
let other: OtherTenant;
let klId = 0;
let bkkId = 0;
let demoGroupId = 0;
const ids: Record<string, number> = {};

beforeAll(async () => {
  server = await startTestServer();
  other = await otherTenant(server.database);
  const { kl, bkk, groupId } = await demoVendors(server.database);
  klId = kl.id;
  bkkId = bkk.id;
  demoGroupId = groupId;
  const db = server.database.db;
  ids.all = (await publishNotice(db, { title: "To everyone", body: "All of you." })).id;
  ids.demoGroup = (await publishNotice(db, { title: "To Demo Group", body: "Demo only.", group_id: groupId })).id;
  ids.otherGroup = (
    await publishNotice(db, { title: "To Other Group", body: "Other only.", group_id: other.group.id })
  ).id;
  ids.bkk = (await publishNotice(db, { title: "To Bangkok", body: "Bangkok only.", vendor_id: bkk.id })).id;
  ids.kl = (await publishNotice(db, { title: "To Kuala Lumpur", body: "KL only.", vendor_id: kl.id })).id;
});
afterAll(() => server.close());

async function list(
  as: string,
  body: { unread?: boolean; page_size?: number; cursor?: string } = {},
  vendorId?: number,
) {
  const answer = await server.send(
    API.notices.list,
    { page_size: 200, ...body },
    { as, ...(vendorId ? { vendorId } : {}) },
  );
  expect(answer.http, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

const titlesOf = (items: NoticeItem[]) => items.map((item) => item.title);
const mine = (items: NoticeItem[]) => items.filter((item) => Object.values(ids).includes(item.id));

async function unread(as: string, vendorId?: number) {
  const answer = await server.send(API.notices.unreadCount, {}, { as, ...(vendorId ? { vendorId } : {}) });
  expect(answer.http).toBe(200);
  return answer.body.result.count;
}

describe("who sees which notice", () => {
  it("shows a Bangkok vendor everyone's and its group's, never another group's or another vendor's", async () => {
    const page = await list("vendor2_admin");
    expect(titlesOf(mine(page.items))).toEqual(["To Bangkok", "To Demo Group", "To everyone"]);
    // The demo's two seeded notices are there too: one to everyone, one to Demo Group.
    expect(page.items.map((item) => item.audience)).not.toContain(undefined);
    expect(page.total).toBe(page.items.length);
  });

  it("shows a group account its group's, and with a vendor chosen also that vendor's", async () => {
    expect(titlesOf(mine((await list("group_admin")).items))).toEqual(["To Demo Group", "To everyone"]);
    expect(titlesOf(mine((await list("group_sub", {}, klId)).items))).toEqual([
      "To Kuala Lumpur",
      "To Demo Group",
      "To everyone",
    ]);
    expect(titlesOf(mine((await list("group_admin", {}, bkkId)).items))).toEqual([
      "To Bangkok",
      "To Demo Group",
      "To everyone",
    ]);
  });

  it("shows another tenant none of Demo Group's, and its own group's", async () => {
    for (const account of [other.vendorAdmin, other.groupAdmin, other.groupSub]) {
      const page = await list(account.username);
      expect(titlesOf(mine(page.items))).toEqual(["To Other Group", "To everyone"]);
      expect(page.items.every((item) => item.audience !== "vendor")).toBe(true);
      expect(page.items.some((item) => item.title.includes("Demo Group"))).toBe(false);
    }
  });

  it("pages newest first by cursor without overlap", async () => {
    const whole = await list("vendor_sub");
    const first = await list("vendor_sub", { page_size: 2 });
    expect(first.next_cursor).not.toBeNull();
    const second = await list("vendor_sub", { page_size: 200, cursor: first.next_cursor ?? "" });
    expect([...first.items, ...second.items].map((item) => item.id)).toEqual(whole.items.map((item) => item.id));
    const times = whole.items.map((item) => item.published_at);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe("read state", () => {
  it("is each account's own: one reading does not mark it read for another", async () => {
    const before = await unread("vendor2_admin");
    const marked = await server.send(API.notices.markRead, { ids: [ids.bkk as number] }, { as: "vendor2_admin" });
    expect(marked.body.result).toEqual({ marked: 1 });
    // Again: nothing new.
    const again = await server.send(API.notices.markRead, { ids: [ids.bkk as number] }, { as: "vendor2_admin" });
    expect(again.body.result).toEqual({ marked: 0 });
    expect(await unread("vendor2_admin")).toBe(before - 1);
    const byId = new Map((await list("vendor2_admin")).items.map((item) => [item.id, item.read]));
    expect(byId.get(ids.bkk as number)).toBe(true);
    expect(byId.get(ids.all as number)).toBe(false);
    // A group account acting on Bangkok sees the same notice, still unread for it.
    const group = new Map((await list("group_admin", {}, bkkId)).items.map((item) => [item.id, item.read]));
    expect(group.get(ids.bkk as number)).toBe(false);
    expect((await list("vendor2_admin", { unread: true })).items.map((item) => item.id)).not.toContain(ids.bkk);
  });

  it("passes over a notice the account does not see", async () => {
    const answer = await server.send(
      API.notices.markRead,
      { ids: [ids.otherGroup as number, ids.kl as number] },
      { as: "vendor2_admin" },
    );
    expect(answer.body.result).toEqual({ marked: 0 });
    const theirs = new Map((await list(other.vendorAdmin.username)).items.map((item) => [item.id, item.read]));
    expect(theirs.get(ids.otherGroup as number)).toBe(false);
  });

  it("marks all read: the unread count drops to nothing for that account alone", async () => {
    const others = await unread("vendor_admin");
    expect(others).toBeGreaterThan(0);
    expect(await unread("vendor_sub")).toBeGreaterThan(0);
    const answer = await server.send(API.notices.markRead, { all: true }, { as: "vendor_sub" });
    expect(answer.http).toBe(200);
    expect(answer.body.result.marked).toBeGreaterThan(0);
    expect(await unread("vendor_sub")).toBe(0);
    expect((await list("vendor_sub", { unread: true })).items).toEqual([]);
    expect((await list("vendor_sub", { unread: true })).total).toBe(0);
    // Same vendor, another account: untouched.
    expect(await unread("vendor_admin")).toBe(others);
  });

  it("counts a new notice as unread for everyone in its audience", async () => {
    const before = {
      bkk: await unread("vendor2_admin"),
      kl: await unread("vendor_sub"),
      gadmin: await unread("group_admin"),
      other: await unread(other.groupAdmin.username),
    };
    await publishNotice(server.database.db, { title: "Later", body: "One more.", group_id: demoGroupId });
    expect(await unread("vendor2_admin")).toBe(before.bkk + 1);
    expect(await unread("vendor_sub")).toBe(before.kl + 1);
    expect(await unread("group_admin")).toBe(before.gadmin + 1);
    expect(await unread(other.groupAdmin.username)).toBe(before.other);
  });
});

describe("validation", () => {
  it("refuses a mark-read with neither ids nor all, with the shared message", async () => {
    const answer = await server.sendRaw(API.notices.markRead, {}, { as: "vendor_admin" });
    expect(answer.http).toBe(400);
    expect(answer.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.required" });
    const both = await server.sendRaw(API.notices.markRead, { ids: [1], all: true }, { as: "vendor_admin" });
    expect(both.http).toBe(400);
    const bad = await server.sendRaw(API.notices.markRead, { ids: ["x"] }, { as: "vendor_admin" });
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.invalid" });
  });

  it("refuses a notice without a title, too long, to both a group and a vendor, or to nobody that exists", async () => {
    const db = server.database.db;
    const refusal = (input: Parameters<typeof publishNotice>[1]) =>
      publishNotice(db, input).then(
        () => "published",
        (error: unknown) => (error instanceof NoticeRefused ? error.message : String(error)),
      );
    expect(await refusal({ title: "  ", body: "x" })).toBe("title: validation.required");
    expect(await refusal({ title: "t".repeat(121), body: "x" })).toBe("title: validation.tooLong");
    expect(await refusal({ title: "t".repeat(120), body: "b".repeat(4001) })).toBe("body: validation.tooLong");
    expect(await refusal({ title: "t", body: "" })).toBe("body: validation.required");
    expect(await refusal({ title: "t", body: "b", group_id: demoGroupId, vendor_id: klId })).toBe(
      "vendor_id: a notice goes to one group or one vendor, not both",
    );
    expect(await refusal({ title: "t", body: "b", group_id: 999_999 })).toBe("group_id: there is no group 999999");
    expect(await refusal({ title: "t", body: "b", vendor_id: 999_999 })).toBe("vendor_id: there is no vendor 999999");
    expect(await refusal({ title: "t".repeat(120), body: "b".repeat(4000) })).toBe("published");
  });
});

describe("the CLI's publish-notice", () => {
  const run = promisify(execFile);
  const root = path.resolve(import.meta.dirname, "../../../../..");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-cli-notice-"));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" };
  const cli = (...args: string[]) =>
    run(process.execPath, ["--import", "tsx", "apps/server/src/cli/main.ts", ...args], { cwd: root, env });
  const failure = (...args: string[]) =>
    cli(...args).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => error,
    );
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // Each run starts a process: the rules themselves are tested in-process above; here, the CLI's
  // plumbing — its output, a refusal's exit code and English message, its usage.
  it("publishes to everyone or a group, and refuses what the rules refuse", async () => {
    await cli("migrate");
    const toAll = await cli("publish-notice", "--title", "Upgrade tonight", "--body", "The console restarts at 02:00.");
    expect(toAll.stdout.trim()).toMatch(/^Notice \d+ published to every console account\.$/);
    // A fresh embedded database has no group 1 yet: the group must exist.
    const noGroup = await failure("publish-notice", "--title", "T", "--body", "B", "--group-id", "1");
    expect(noGroup).toMatchObject({ code: 1, stderr: expect.stringContaining("group_id: there is no group 1") });
    // create-admin makes the install's first group (id 1).
    await cli("create-admin", "--username", "notice_owner", "--password", "S3cretPw26", "--group", "Notice Co");
    const toGroup = await cli("publish-notice", "--title", "T", "--body", "B", "--group-id", "1");
    expect(toGroup.stdout.trim()).toMatch(/^Notice \d+ published to group 1\.$/);
    const long = await failure("publish-notice", "--title", "t".repeat(121), "--body", "B");
    expect(long).toMatchObject({ code: 1, stderr: expect.stringContaining("title: Too long") });
    const missing = await failure("publish-notice", "--title", "T");
    expect(missing).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("publish-notice needs --title and --body"),
    });

    // What the CLI wrote, as an account of group 1 sees it: both notices, unread.
    const database = await openDatabase({ dataDir });
    try {
      const scope = { groupId: 1, vendorId: null };
      const seen = await listNotices(database.db, { accountId: 0, scope }, { page_size: 50 });
      expect(seen.items.map((item) => [item.title, item.audience, item.read])).toEqual([
        ["T", "group", false],
        ["Upgrade tonight", "all", false],
      ]);
    } finally {
      await database.close();
    }
  }, 300_000);
});
