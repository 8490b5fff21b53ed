import { API, type BodyOf, LIMITS, PRICE_TEMPLATE_LIMITS } from "@washboard/shared";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, vendorSubAccount } from "../../test/fixtures.js";
import { type AnswerOf, startTestServer, type TestServer } from "../../test/harness.js";
import { devices } from "../devices/tables.js";
import { operationLog } from "../operation-log/tables.js";
import { PNG, tempDataDir, uploadKey, WEBP } from "../uploads/test-helpers.js";
import { priceTemplateOptions, priceTemplates } from "./tables.js";

let server: TestServer;
const dataDir = tempDataDir("price-templates");
let kl = "";
let bkk = "";
let sub = "";
let viewer = "";
let klVendorId = 0;
let bkkVendorId = 0;

type TemplateFields = BodyOf<typeof API.priceTemplates.create>;

const option = (n: number) => ({ name: `Option ${n}`, added_price: n * 100, added_minutes: n });
const fields = (overrides: Partial<TemplateFields> = {}): TemplateFields => ({
  model_name: "Quick wash",
  display_price: 1000,
  price: 800,
  estimated_minutes: 30,
  extra_params: "temp=40",
  options: [option(1), option(2)],
  ...overrides,
});
const create = (overrides: Partial<TemplateFields> = {}, token = kl) =>
  server.send(API.priceTemplates.create, fields(overrides), { token });
const list = (filters: BodyOf<typeof API.priceTemplates.list>, token = kl) =>
  server.send(API.priceTemplates.list, filters, { token });

async function device(vendorId: number, serial: string, priceTemplateId: number | null = null): Promise<number> {
  const [row] = await server.database.db
    .insert(devices)
    .values({ vendorId, serialNumber: serial, machineType: "washer", priceTemplateId })
    .returning();
  if (!row) throw new Error("device not created");
  return row.id;
}

/** Direct inserts up to `count` templates of the vendor: a quick way to reach the cap. */
async function fillTo(vendorId: number, count: number) {
  const { db } = server.database;
  await db.delete(priceTemplates).where(eq(priceTemplates.vendorId, vendorId));
  if (count === 0) return;
  await db.insert(priceTemplates).values(
    Array.from({ length: count }, (_, i) => ({
      vendorId,
      modelName: `Filler ${i}`,
      displayPrice: 100,
      price: 100,
      estimatedMinutes: 10,
    })),
  );
}

beforeAll(async () => {
  server = await startTestServer({ dataDir: dataDir.dir });
  const vendors = await demoVendors(server.database);
  klVendorId = vendors.kl.id;
  bkkVendorId = vendors.bkk.id;
  kl = await server.login("vendor_admin");
  bkk = await server.login("vendor2_admin");
  sub = await server.login("vendor_sub");
  // Its role grants no key: it holds only the locked ones of §6, dev_query among them.
  const { username } = await vendorSubAccount(server.database, {
    vendorId: klVendorId,
    username: "price_viewer",
    permissions: [],
  });
  viewer = await server.login(username);
});
afterAll(async () => {
  await server.close();
  dataDir.remove();
});

describe("price templates: create with every §3 field", () => {
  it("creates a template with its icon and ordered options, and lists it with the cap", async () => {
    const icon = await uploadKey(server, kl, PNG);
    const { http, body } = await create({ icon: [icon], options: [option(3), option(1), option(2)] });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({
      model_name: "Quick wash",
      icon: [icon],
      display_price: 1000,
      price: 800,
      estimated_minutes: 30,
      extra_params: "temp=40",
      options: [option(3), option(1), option(2)],
      device_count: 0,
    });
    const listed = await list({ name: "quick" }, viewer);
    expect(listed.http).toBe(200);
    expect(listed.body.result.items.map((t) => t.model_name)).toEqual(["Quick wash"]);
    expect(listed.body.result.items[0]?.options.map((o) => o.name)).toEqual(["Option 3", "Option 1", "Option 2"]);
    expect(listed.body.result.template_limit).toBe(LIMITS.priceTemplatesPerVendor);
  });

  it.each(["model_name", "display_price", "price", "estimated_minutes"])("requires %s", async (field) => {
    const { http, body } = await create({ model_name: `Missing ${field}`, [field]: undefined });
    expect(http).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field });
    const blank = await create({ model_name: "  " });
    expect(blank.body).toMatchObject({ field: "model_name", message_key: "validation.required" });
  });

  it("takes a model name of up to 64 characters, unique per vendor whatever its case", async () => {
    expect((await create({ model_name: "m".repeat(64) })).http).toBe(200);
    const long = await create({ model_name: "m".repeat(65) });
    expect(long.body).toMatchObject({ field: "model_name", message_key: "validation.tooLong" });
    const duplicate = await create({ model_name: "QUICK WASH" });
    expect(duplicate.http).toBe(409);
    expect(duplicate.body).toMatchObject({ code: "RECORD_EXISTS", field: "model_name" });
    expect((await create({ model_name: "Quick wash" }, bkk)).http).toBe(200);
  });

  it("takes amounts as whole minor units from zero up: negative, fractional or too large are refused", async () => {
    for (const field of ["display_price", "price"]) {
      expect((await create({ model_name: `Free ${field}`, [field]: 0 })).http, field).toBe(200);
      const max = await create({ model_name: `Max ${field}`, [field]: PRICE_TEMPLATE_LIMITS.amountMax });
      expect(max.http, field).toBe(200);
      for (const [value, key] of [
        [-1, "validation.amountNotNegative"],
        [12.5, "validation.amount"],
        [PRICE_TEMPLATE_LIMITS.amountMax + 1, "validation.amountTooLarge"],
        ["12", "validation.numeric"],
      ] as const) {
        const { http, body } = await create({ model_name: `Bad ${field} ${value}`, [field]: value });
        expect(http, `${field}=${value}`).toBe(400);
        expect(body, `${field}=${value}`).toMatchObject({ field, message_key: key });
      }
    }
  });

  it("takes an estimated time of 1 to 1440 whole minutes", async () => {
    for (const ok of [1, 1440])
      expect((await create({ model_name: `Time ${ok}`, estimated_minutes: ok })).http).toBe(200);
    for (const bad of [0, 1441, 2.5]) {
      const { body } = await create({ model_name: `Time ${bad}`, estimated_minutes: bad });
      expect(body, String(bad)).toMatchObject({
        field: "estimated_minutes",
        message_key: "validation.estimatedMinutes",
      });
    }
  });

  it("takes additional parameters of up to 1000 characters", async () => {
    const thousand = "p=1\n".repeat(250);
    expect((await create({ model_name: "Params 1000", extra_params: thousand })).http).toBe(200);
    const long = await create({ model_name: "Params 1001", extra_params: `${thousand}p` });
    expect(long.body).toMatchObject({ field: "extra_params", message_key: "validation.tooLong" });
  });

  it("takes additional parameters only as machine parameters, one name=value per line", async () => {
    expect((await create({ model_name: "Lines", extra_params: "temp=40\n\nspin_rpm = 1200\n" })).http).toBe(200);
    for (const bad of ["temp 40", "Temp=40", "temp=65535", "temp=-1", "price_lo=5", "opt3_minutes=2"]) {
      const { body } = await create({ model_name: `Bad ${bad}`, extra_params: bad });
      expect(body, bad).toMatchObject({ field: "extra_params", message_key: "validation.extraParams" });
    }
  });

  it("takes up to 12 options: 12 pass, a 13th is refused", async () => {
    const twelve = Array.from({ length: LIMITS.priceTemplateOptions }, (_, i) => option(i));
    const ok = await create({ model_name: "Twelve", options: twelve });
    expect(ok.http).toBe(200);
    expect(ok.body.result.options).toHaveLength(12);
    const thirteen = await create({ model_name: "Thirteen", options: [...twelve, option(12)] });
    expect(thirteen.http).toBe(400);
    expect(thirteen.body).toMatchObject({ field: "options", message_key: "validation.tooManyOptions" });
  });

  it("checks each option: a name, an added price from zero, an added time of 0 to 1440 minutes", async () => {
    const zero = await create({
      model_name: "Zero option",
      options: [{ name: "Rinse", added_price: 0, added_minutes: 0 }],
    });
    expect(zero.http).toBe(200);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "", added_price: 0, added_minutes: 0 }, "options.0.name", "validation.required"],
      [{ name: "x".repeat(65), added_price: 0, added_minutes: 0 }, "options.0.name", "validation.tooLong"],
      [
        { name: "Neg price", added_price: -1, added_minutes: 0 },
        "options.0.added_price",
        "validation.amountNotNegative",
      ],
      [{ name: "Neg time", added_price: 0, added_minutes: -1 }, "options.0.added_minutes", "validation.addedMinutes"],
      [
        { name: "Long time", added_price: 0, added_minutes: 1441 },
        "options.0.added_minutes",
        "validation.addedMinutes",
      ],
    ];
    for (const [bad, field, key] of cases) {
      const payload = fields({ model_name: `Bad ${field}` });
      const { http, body } = await server.sendRaw(
        API.priceTemplates.create,
        { ...payload, options: [bad] },
        { token: kl },
      );
      expect(http, field).toBe(400);
      expect(body, field).toMatchObject({ field, message_key: key });
    }
  });

  it("takes one icon of the vendor's own uploads only", async () => {
    const first = await uploadKey(server, kl, PNG);
    const second = await uploadKey(server, kl, WEBP);
    const two = await create({ model_name: "Two icons", icon: [first, second] });
    expect(two.body).toMatchObject({ field: "icon", message_key: "validation.oneImage" });
    const theirs = await uploadKey(server, bkk, Buffer.concat([PNG, Buffer.from("bkk")]));
    const stolen = await create({ model_name: "Stolen icon", icon: [theirs] });
    expect(stolen.body).toMatchObject({ field: "icon", message_key: "validation.imageUnknown" });
  });
});

describe("price templates: modify replaces the options as one", () => {
  let id = 0;

  beforeAll(async () => {
    id = (await create({ model_name: "Menu", options: [option(1), option(2), option(3)] })).body.result.id;
  });

  it("replaces every field and the whole menu, in the new order", async () => {
    const { http, body } = await server.send(
      API.priceTemplates.modify,
      {
        id,
        ...fields({ model_name: "Menu v2", price: 900, options: [option(9)] }),
      },
      { token: kl },
    );
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ model_name: "Menu v2", price: 900, options: [option(9)] });
    const rows = await server.database.db
      .select()
      .from(priceTemplateOptions)
      .where(eq(priceTemplateOptions.templateId, id))
      .orderBy(asc(priceTemplateOptions.position));
    expect(rows.map((r) => [r.position, r.name])).toEqual([[0, "Option 9"]]);
  });

  it("leaves the old menu untouched when the change is refused", async () => {
    const duplicate = await server.send(
      API.priceTemplates.modify,
      { id, ...fields({ model_name: "Quick wash", options: [] }) },
      { token: kl },
    );
    expect(duplicate.body.code).toBe("RECORD_EXISTS");
    const [item] = (await list({ name: "Menu v2" })).body.result.items;
    expect(item?.options).toEqual([option(9)]);
  });

  it("ends ten parallel changes with exactly one of the menus sent, never a mix", async () => {
    const menus = Array.from({ length: 10 }, (_, n) => [option(n + 1), option(n + 11)]);
    const answers = await Promise.all(
      menus.map((options) =>
        server.send(API.priceTemplates.modify, { id, ...fields({ model_name: "Menu v2", options }) }, { token: kl }),
      ),
    );
    expect(answers.map((a) => a.http)).toEqual(menus.map(() => 200));
    const rows = await server.database.db
      .select()
      .from(priceTemplateOptions)
      .where(eq(priceTemplateOptions.templateId, id))
      .orderBy(asc(priceTemplateOptions.position));
    const stored = rows.map((r) => ({ name: r.name, added_price: r.addedPrice, added_minutes: r.addedMinutes }));
    expect(menus).toContainEqual(stored);
  });
});

describe("price templates: the vendor's cap (PRICE_TEMPLATE_LIMIT)", () => {
  it("allows exactly the cap and refuses one more", async () => {
    await fillTo(klVendorId, LIMITS.priceTemplatesPerVendor - 1);
    expect((await create({ model_name: "Last place" })).http).toBe(200);
    const { http, body } = await create({ model_name: "One too many" });
    expect(http).toBe(409);
    expect(body.code).toBe("PRICE_TEMPLATE_LIMIT");
    expect(body.message).toMatch(/too many price templates/i);
  });

  it("holds under concurrency: two creations at cap-1 give exactly one template", async () => {
    await fillTo(klVendorId, LIMITS.priceTemplatesPerVendor - 1);
    const results = await Promise.all([create({ model_name: "Race A" }), create({ model_name: "Race B" }, sub)]);
    expect(results.map((r) => (r.http === 200 ? "OK" : r.body.code)).sort()).toEqual(["OK", "PRICE_TEMPLATE_LIMIT"]);
    const rows = await server.database.db.select().from(priceTemplates).where(eq(priceTemplates.vendorId, klVendorId));
    expect(rows).toHaveLength(LIMITS.priceTemplatesPerVendor);
  });

  afterAll(() => fillTo(klVendorId, 0));
});

describe("price templates: devices, tenants and permissions", () => {
  let mine = 0;
  let theirs = 0;
  let klDevices: number[] = [];
  let bkkDevice = 0;

  beforeAll(async () => {
    mine = (await create({ model_name: "Assigned" })).body.result.id;
    theirs = (await create({ model_name: "Bangkok only" }, bkk)).body.result.id;
    klDevices = [await device(klVendorId, "PT-KL-1"), await device(klVendorId, "PT-KL-2")];
    bkkDevice = await device(bkkVendorId, "PT-BKK-1");
  });

  it("assigns a template to devices of the vendor, and counts them", async () => {
    const { http, body } = await server.send(
      API.priceTemplates.assign,
      {
        id: mine,
        device_ids: klDevices,
      },
      { token: kl },
    );
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ id: mine, device_ids: klDevices });
    // Pushed as parameters: the machines are offline, so each command waits for its machine.
    expect(body.result.commands.map((c) => [c.device_id, c.kind, c.state])).toEqual(
      klDevices.map((id) => [id, "set_params", "queued"]),
    );
    expect(body.result.commands[0]?.args).toMatchObject({
      params: { price_lo: 800, price_hi: 0, display_price_lo: 1000, program_minutes: 30, option_count: 2, temp: 40 },
    });
    const listed = await list({ name: "Assigned" });
    expect(listed.body.result.items[0]?.device_count).toBe(2);
  });

  it("assigns nothing when any device is another vendor's (NOT_FOUND), or none is named", async () => {
    const spare = await device(klVendorId, "PT-KL-3");
    const { http, body } = await server.send(
      API.priceTemplates.assign,
      { id: mine, device_ids: [spare, bkkDevice] },
      { token: kl },
    );
    expect(http).toBe(404);
    expect(body).toMatchObject({ code: "NOT_FOUND", field: "device_ids" });
    const rows = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "PT-KL-3"));
    expect(rows[0]?.priceTemplateId).toBeNull();
    const [other] = await server.database.db.select().from(devices).where(eq(devices.id, bkkDevice));
    expect(other?.priceTemplateId).toBeNull();
    const none = await server.send(API.priceTemplates.assign, { id: mine, device_ids: [] }, { token: kl });
    expect(none.body).toMatchObject({ field: "device_ids", message_key: "validation.noDevices" });
  });

  it("refuses to remove a template devices run, naming how many", async () => {
    const { http, body } = await server.send(API.priceTemplates.remove, { id: mine }, { token: kl });
    expect(http).toBe(409);
    expect(body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "priceTemplates.hasDevices",
      message_params: { devices: 2 },
    });
    expect(body.message).toContain("2 devices");
  });

  it("answers NOT_FOUND to another vendor on every call, and never lists the template", async () => {
    const bangkok = { token: bkk };
    for (const [name, call] of [
      [
        "modify_price_template",
        () => server.send(API.priceTemplates.modify, { id: mine, ...fields({ model_name: "Hijacked" }) }, bangkok),
      ],
      ["remove_price_template", () => server.send(API.priceTemplates.remove, { id: mine }, bangkok)],
      [
        "assign_price_template",
        () => server.send(API.priceTemplates.assign, { id: mine, device_ids: [bkkDevice] }, bangkok),
      ],
    ] as const) {
      const answer = await call();
      expect(answer.http, name).toBe(404);
      expect(answer.body.code, name).toBe("NOT_FOUND");
    }
    const foreign = await server.send(API.priceTemplates.assign, { id: theirs, device_ids: klDevices }, { token: kl });
    expect(foreign.body).toMatchObject({ code: "NOT_FOUND", field: "id" });
    const listed = await list({ page_size: 200 }, bkk);
    expect(listed.body.result.items.some((t) => t.id === mine)).toBe(false);
    const [row] = await server.database.db.select().from(priceTemplates).where(eq(priceTemplates.id, mine));
    expect(row?.modelName).toBe("Assigned");
  });

  it("lets a level-4 account with only dev_query read but not change", async () => {
    expect((await list({}, viewer)).http).toBe(200);
    const asViewer = { token: viewer };
    for (const [name, call] of [
      [
        "create_price_template",
        () => server.send(API.priceTemplates.create, fields({ model_name: "Viewer" }), asViewer),
      ],
      ["modify_price_template", () => server.send(API.priceTemplates.modify, { id: mine, ...fields() }, asViewer)],
      ["remove_price_template", () => server.send(API.priceTemplates.remove, { id: mine }, asViewer)],
      [
        "assign_price_template",
        () => server.send(API.priceTemplates.assign, { id: mine, device_ids: klDevices }, asViewer),
      ],
    ] as const) {
      const answer = await call();
      expect(answer.http, name).toBe(403);
      expect(answer.body.code, name).toBe("NO_PERMISSION");
    }
  });

  it("removes a template once no device runs it; its options go with it", async () => {
    await server.database.db.update(devices).set({ priceTemplateId: null }).where(eq(devices.priceTemplateId, mine));
    expect((await server.send(API.priceTemplates.remove, { id: mine }, { token: kl })).http).toBe(200);
    const options = await server.database.db
      .select()
      .from(priceTemplateOptions)
      .where(eq(priceTemplateOptions.templateId, mine));
    expect(options).toEqual([]);
    expect((await server.send(API.priceTemplates.remove, { id: mine }, { token: kl })).body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, klVendorId));
    for (const action of [
      "priceTemplates.create",
      "priceTemplates.modify",
      "priceTemplates.remove",
      "priceTemplates.assign",
    ]) {
      expect(
        rows.some((r) => r.action === action),
        action,
      ).toBe(true);
    }
    expect(rows.some((r) => r.action === "priceTemplates.create" && r.errorCode === "PRICE_TEMPLATE_LIMIT")).toBe(true);
    expect(rows.some((r) => r.target === `price_template:${mine}` && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
  });
});

describe("price templates: paging and sorting", () => {
  it("pages by cursor without overlap, by name when asked", async () => {
    await fillTo(klVendorId, 9);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AnswerOf<typeof API.priceTemplates.list> = await list({
        page_size: 4,
        sort: "name_desc",
        ...(cursor ? { cursor } : {}),
      });
      names.push(...page.body.result.items.map((t) => t.model_name));
      cursor = page.body.result.next_cursor;
    } while (cursor);
    expect(names).toEqual(Array.from({ length: 9 }, (_, i) => `Filler ${8 - i}`));
  });
});
