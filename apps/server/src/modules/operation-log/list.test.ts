import { API, type BodyOf, type ResultOf } from "@washboard/shared";
import { sql } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, type OtherTenant, otherTenant } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "./tables.js";

type Filters = BodyOf<typeof API.operationLog.list>;
type Page = ResultOf<typeof API.operationLog.list>;

let server: TestServer;
let groupId = 0;
let klId = 0;
let bkkId = 0;
let other: OtherTenant;

/** 2024-03-01 10:00:00 UTC, far from the rows the sign-ins of this file write. */
const BATCH_BASE = Date.UTC(2024, 2, 1, 10) / 1000;
/** 2024-05-01 00:00:00 UTC. */
const MAY_1 = Date.UTC(2024, 4, 1) / 1000;
const MAY_2 = MAY_1 + 86_400;

type Row = PgInsertValue<typeof operationLog>;

/** A row stamped at an exact instant, microseconds included (a Date cannot hold them). */
const at = (seconds: number, micros = 0) => sql`to_timestamp(${seconds}) + ${micros} * interval '1 microsecond'`;

function row(fields: Partial<Row> & { actor: string }): Row {
  return { action: "shops.create", target: "shop:1", outcome: "success", ip: "10.70.0.1", ...fields };
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;
  groupId = demo.groupId;

  other = await otherTenant(server.database);

  // 45 rows of Kuala Lumpur, three to a timestamp that only differs in microseconds from the next.
  const batch = Array.from({ length: 45 }, (_, i) =>
    row({ actor: "kl_batch", vendorId: klId, target: `shop:${i}`, createdAt: at(BATCH_BASE + Math.floor(i / 3), 123) }),
  );
  await db.insert(operationLog).values(batch);
  await db.insert(operationLog).values([
    // Around the date range of 2024-05-01 .. 2024-05-02 (inclusive whole seconds).
    row({ actor: "kl_dated", vendorId: klId, target: "before", createdAt: at(MAY_1 - 1, 999_999) }),
    row({ actor: "kl_dated", vendorId: klId, target: "first", createdAt: at(MAY_1) }),
    row({ actor: "kl_dated", vendorId: klId, target: "middle", createdAt: at(MAY_1 + 43_200, 500_000) }),
    row({ actor: "kl_dated", vendorId: klId, target: "last", createdAt: at(MAY_2, 999_999) }),
    row({ actor: "kl_dated", vendorId: klId, target: "after", createdAt: at(MAY_2 + 1) }),
    // Failures, other actions and names with LIKE wildcards.
    row({ actor: "kl_fail", vendorId: klId, action: "auth.modifyOwn", outcome: "failure", errorCode: "NO_PERMISSION" }),
    row({ actor: "kl_fail", vendorId: klId, action: "auth.login", outcome: "failure", errorCode: "LOGIN_FAILED" }),
    row({ actor: "kl_fail", vendorId: klId, action: "auth.login", outcome: "success" }),
    row({ actor: "pct%under_score", vendorId: klId }),
    row({ actor: "pctXunderYscore", vendorId: klId }),
    // Other tenants.
    ...Array.from({ length: 5 }, () => row({ actor: "bkk_ops", vendorId: bkkId })),
    row({ actor: "grp_on_bkk", groupId, vendorId: bkkId }),
    ...Array.from({ length: 3 }, () => row({ actor: "grp_ops", groupId })),
    ...Array.from({ length: 4 }, () => row({ actor: "other_ops", groupId: other.group.id, vendorId: other.vendor.id })),
    row({ actor: "other_grp", groupId: other.group.id }),
  ]);
});
afterAll(() => server.close());

/** The log as `username` sees it; a group account may narrow it to one of its vendors. */
const list = (username: string, payload: Filters = {}, vendorId?: number) =>
  server.send(API.operationLog.list, payload, { as: username, vendorId });
/** A list call with filters the contract does not accept, to see the server refuse them. */
const listUnchecked = (username: string, payload: Record<string, unknown>) =>
  server.sendRaw(API.operationLog.list, payload, { as: username });

async function page(username: string, payload: Filters = {}, vendorId?: number): Promise<Page> {
  const { http, body } = await list(username, payload, vendorId);
  expect(http, JSON.stringify(body)).toBe(200);
  return body.result;
}

/** Every row of a filter, page by page, checking each page's size and total on the way. */
async function allPages(username: string, payload: Filters, pageSize: number) {
  const pages: Page[] = [];
  let cursor: string | null | undefined;
  do {
    const result = await page(username, { ...payload, page_size: pageSize, ...(cursor ? { cursor } : {}) });
    pages.push(result);
    cursor = result.next_cursor;
    expect(pages.length).toBeLessThan(100);
  } while (cursor);
  return pages;
}

const actorsOf = (p: Page) => new Set(p.items.map((i) => i.actor));

describe("POST /api/v2/Log/get_account_log_details", () => {
  it("pages 45 rows by 20 without overlap or gap, newest first, with the total on every page", async () => {
    const pages = await allPages("vendor_admin", { actor: "kl_batch" }, 20);
    expect(pages.map((p) => p.items.length)).toEqual([20, 20, 5]);
    expect(pages.map((p) => p.total)).toEqual([45, 45, 45]);
    expect(pages.at(-1)?.next_cursor).toBeNull();
    const items = pages.flatMap((p) => p.items);
    expect(new Set(items.map((i) => i.id)).size).toBe(45);
    expect(new Set(items.map((i) => i.target)).size).toBe(45);
    for (let i = 1; i < items.length; i++) {
      const [prev, cur] = [items[i - 1], items[i]];
      if (!prev || !cur) throw new Error("missing item");
      const ordered = prev.created_at > cur.created_at || (prev.created_at === cur.created_at && prev.id > cur.id);
      expect(ordered, `item ${i}`).toBe(true);
    }
    expect(items[0]?.created_at).toBe(BATCH_BASE + 14);
    expect(items.at(-1)?.created_at).toBe(BATCH_BASE);
  });

  it("pages the same rows with any page size, including the boundaries 1 and 200", async () => {
    const byOne = (await allPages("vendor_admin", { actor: "kl_batch" }, 1)).flatMap((p) => p.items.map((i) => i.id));
    const all = await page("vendor_admin", { actor: "kl_batch", page_size: 200 });
    expect(all.next_cursor).toBeNull();
    expect(byOne).toEqual(all.items.map((i) => i.id));
    const bySeven = (await allPages("vendor_admin", { actor: "kl_batch" }, 7)).flatMap((p) => p.items.map((i) => i.id));
    expect(bySeven).toEqual(byOne);
  });

  it("answers 20 rows by default with the row's fields in wire form", async () => {
    const first = await page("vendor_admin", { actor: "kl_batch" });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({
      id: expect.any(Number),
      created_at: BATCH_BASE + 14,
      actor: "kl_batch",
      action: "shops.create",
      target: "shop:44",
      outcome: "success",
      error_code: null,
      ip: "10.70.0.1",
      vendor_id: klId,
      vendor_name: "Demo Laundry Kuala Lumpur",
    });
  });

  it("filters by part of the actor, case-insensitively, taking wildcards literally", async () => {
    expect((await page("vendor_admin", { actor: "KL_BAT" })).total).toBe(45);
    expect((await page("vendor_admin", { actor: "batch" })).total).toBe(45);
    const wild = await page("vendor_admin", { actor: "t%u" });
    expect(wild.items.map((i) => i.actor)).toEqual(["pct%under_score"]);
    expect((await page("vendor_admin", { actor: "r_s" })).items.map((i) => i.actor)).toEqual(["pct%under_score"]);
    expect((await page("vendor_admin", { actor: "pct" })).total).toBe(2);
    expect((await page("vendor_admin", { actor: "nobody_like_this" })).items).toEqual([]);
    // An empty filter is no filter.
    expect((await page("vendor_admin", { actor: "" })).total).toBe((await page("vendor_admin")).total);
  });

  it("filters by action id and outcome, alone and together", async () => {
    const logins = await page("vendor_admin", { actor: "kl_fail", action: "auth.login" });
    expect(logins.total).toBe(2);
    const failures = await page("vendor_admin", { actor: "kl_fail", outcome: "failure" });
    expect(failures.total).toBe(2);
    expect(failures.items.map((i) => i.error_code).sort()).toEqual(["LOGIN_FAILED", "NO_PERMISSION"]);
    const both = await page("vendor_admin", { action: "auth.login", outcome: "failure", actor: "kl_" });
    expect(both.items).toMatchObject([{ actor: "kl_fail", error_code: "LOGIN_FAILED", outcome: "failure" }]);
    const successes = await page("vendor_admin", { actor: "kl_batch", outcome: "success" });
    expect(successes.total).toBe(45);
  });

  it("includes both ends of the date range to the whole second, and nothing outside", async () => {
    const range = await page("vendor_admin", { actor: "kl_dated", from: MAY_1, to: MAY_2 });
    expect(range.items.map((i) => i.target)).toEqual(["last", "middle", "first"]);
    expect(range.total).toBe(3);
    expect((await page("vendor_admin", { actor: "kl_dated", from: MAY_1 })).total).toBe(4);
    expect((await page("vendor_admin", { actor: "kl_dated", to: MAY_1 - 1 })).items.map((i) => i.target)).toEqual([
      "before",
    ]);
    expect((await page("vendor_admin", { actor: "kl_dated", from: MAY_1 + 1, to: MAY_2 - 1 })).total).toBe(1);
    expect((await page("vendor_admin", { actor: "kl_dated", from: MAY_2 + 2 })).total).toBe(0);
    expect((await page("vendor_admin", { actor: "kl_dated", from: MAY_2, to: MAY_1 })).total).toBe(0);
  });

  it("shows a vendor account only its own vendor's rows", async () => {
    for (const username of ["vendor_admin", "vendor_sub"]) {
      const all = await page(username, { page_size: 200 });
      const actors = actorsOf(all);
      expect(actors.has("kl_batch"), username).toBe(true);
      for (const foreign of ["bkk_ops", "grp_on_bkk", "grp_ops", "other_ops", "other_grp"]) {
        expect(actors.has(foreign), `${username} sees ${foreign}`).toBe(false);
      }
      expect(all.items.every((i) => i.vendor_id === klId)).toBe(true);
      expect((await page(username, { actor: "bkk_ops" })).total).toBe(0);
    }
    const bangkok = actorsOf(await page("vendor2_admin", { page_size: 200 }));
    expect(bangkok.has("bkk_ops") && bangkok.has("grp_on_bkk")).toBe(true);
    for (const foreign of ["kl_batch", "grp_ops", "other_ops", "vendor_admin"])
      expect(bangkok.has(foreign)).toBe(false);
  });

  it("shows a group account its own rows and both vendors' rows, never another group's", async () => {
    for (const username of ["group_admin", "group_sub"]) {
      const pages = await allPages(username, {}, 200);
      const actors = new Set(pages.flatMap((p) => p.items.map((i) => i.actor)));
      for (const own of ["kl_batch", "kl_dated", "bkk_ops", "grp_on_bkk", "grp_ops"]) {
        expect(actors.has(own), `${username} misses ${own}`).toBe(true);
      }
      expect(actors.has("other_ops")).toBe(false);
      expect(actors.has("other_grp")).toBe(false);
      expect((await page(username, { actor: "other" })).total).toBe(0);
    }
    const bkk = await page("group_admin", { actor: "bkk_ops" });
    expect(bkk.total).toBe(5);
    expect(bkk.items[0]).toMatchObject({ vendor_id: bkkId, vendor_name: "Demo Laundry Bangkok" });
    const groupRow = (await page("group_admin", { actor: "grp_ops" })).items[0];
    expect(groupRow?.vendor_id).toBeNull();
    expect(groupRow && "vendor_name" in groupRow).toBe(false);
  });

  it("narrows a group account to the vendor it chose", async () => {
    const onlyBkk = await page("group_admin", { page_size: 200 }, bkkId);
    const actors = actorsOf(onlyBkk);
    expect(actors.has("bkk_ops") && actors.has("grp_on_bkk")).toBe(true);
    for (const foreign of ["kl_batch", "grp_ops", "other_ops", "group_admin"]) expect(actors.has(foreign)).toBe(false);
    expect(onlyBkk.items.every((i) => i.vendor_id === bkkId)).toBe(true);
    const onlyKl = await page("group_admin", { actor: "kl_batch", page_size: 5 }, klId);
    expect(onlyKl.total).toBe(45);
    expect(onlyKl.items.every((i) => i.vendor_id === klId)).toBe(true);
  });

  it("lets level 4 list: log_opts is a locked key every role holds", async () => {
    const { http, body } = await list("vendor_sub", { actor: "kl_batch", page_size: 3 });
    expect(http).toBe(200);
    expect(body.result.total).toBe(45);
    expect(body.result.items).toHaveLength(3);
  });

  it("refuses a bad page size, filter or cursor with the field named", async () => {
    for (const pageSize of [0, 201, -1, 1.5, "20"]) {
      const { http, body } = await listUnchecked("vendor_admin", { page_size: pageSize });
      expect(http, String(pageSize)).toBe(400);
      expect(body, String(pageSize)).toMatchObject({
        code: "VALIDATION_FAILED",
        field: "page_size",
        message_key: "validation.pageSize",
      });
    }
    const outcome = await listUnchecked("vendor_admin", { outcome: "maybe" });
    expect(outcome.body).toMatchObject({ code: "VALIDATION_FAILED", field: "outcome" });
    const from = await listUnchecked("vendor_admin", { from: "yesterday" });
    expect(from.body).toMatchObject({ code: "VALIDATION_FAILED", field: "from" });
    for (const cursor of ["garbage", Buffer.from("2024-01-01|x").toString("base64url"), "x".repeat(300)]) {
      const { http, body } = await list("vendor_admin", { cursor });
      expect(http, cursor).toBe(400);
      expect(body, cursor).toMatchObject({ code: "VALIDATION_FAILED", field: "cursor" });
    }
  });

  it("refuses a call without a session, and a vendor of another group", async () => {
    const anonymous = await server.send(API.operationLog.list, {});
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
    const foreign = await list("group_admin", {}, other.vendor.id);
    expect(foreign.http).toBe(404);
    expect(foreign.body.code).toBe("NOT_FOUND");
  });
});
