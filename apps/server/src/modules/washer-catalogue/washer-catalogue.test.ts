import { API, type BodyOf, MACHINE_TYPES } from "@washboard/shared";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors, vendorSubAccount } from "../../test/fixtures.js";
import { type AnswerOf, type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { controlTemplates, washerBrands, washerModels } from "./tables.js";

let server: TestServer;
let kl = "";
let bkk = "";
let sub = "";
let viewer = "";
let klVendorId = 0;

const catalogue = API.washerCatalogue;

type BrandFields = Partial<BodyOf<typeof catalogue.createBrand> & BodyOf<typeof catalogue.modifyBrand>>;
type TemplateFields = Partial<
  BodyOf<typeof catalogue.createControlTemplate> & BodyOf<typeof catalogue.modifyControlTemplate>
>;

const brand = <Fields extends BrandFields>(fields: Fields) => ({
  manufacturer: "Acme Laundry Works",
  brand: "Acme",
  alias: "ACM",
  logo_url: "https://acme.example/logo.svg",
  ...fields,
});
const template = <Fields extends TemplateFields>(fields: Fields) => ({
  name: "Acme pulse",
  data_head: "AA 55 02",
  data_body: "{pulses} {checksum}",
  ...fields,
});

type MachineType = BodyOf<typeof catalogue.modifyModel>["machine_type"];

/** Every change call on one brand, model and control template, renaming each as `to` says. */
function changeCalls(
  ids: { brand: number; model: number; template: number },
  to: { brand: string; model: string; machineType: MachineType; template?: string },
  caller: SendOptions,
) {
  const model = { id: ids.model, brand_id: ids.brand, name: to.model, machine_type: to.machineType };
  const renamed = template({ id: ids.template, ...(to.template === undefined ? {} : { name: to.template }) });
  return [
    [
      "modify_laundry_brand",
      () => server.send(catalogue.modifyBrand, brand({ id: ids.brand, brand: to.brand }), caller),
    ],
    ["remove_laundry_brand", () => server.send(catalogue.removeBrand, { id: ids.brand }, caller)],
    ["modify_laundry_model", () => server.send(catalogue.modifyModel, model, caller)],
    ["remove_laundry_model", () => server.send(catalogue.removeModel, { id: ids.model }, caller)],
    ["modify_control_template", () => server.send(catalogue.modifyControlTemplate, renamed, caller)],
    ["remove_control_template", () => server.send(catalogue.removeControlTemplate, { id: ids.template }, caller)],
  ] as const;
}

async function starterId(table: "brand" | "model" | "template", name: string): Promise<number> {
  const { db } = server.database;
  const [row] =
    table === "brand"
      ? await db
          .select({ id: washerBrands.id })
          .from(washerBrands)
          .where(and(isNull(washerBrands.vendorId), eq(washerBrands.brand, name)))
      : table === "model"
        ? await db
            .select({ id: washerModels.id })
            .from(washerModels)
            .where(and(isNull(washerModels.vendorId), eq(washerModels.name, name)))
        : await db
            .select({ id: controlTemplates.id })
            .from(controlTemplates)
            .where(and(isNull(controlTemplates.vendorId), eq(controlTemplates.name, name)));
  if (!row) throw new Error(`no starter ${table} ${name}`);
  return row.id;
}

beforeAll(async () => {
  server = await startTestServer();
  const vendors = await demoVendors(server.database);
  klVendorId = vendors.kl.id;
  kl = await server.login("vendor_admin");
  bkk = await server.login("vendor2_admin");
  sub = await server.login("vendor_sub");
  // Its role grants no key: it holds only the locked ones of §6, dev_query among them.
  const { username } = await vendorSubAccount(server.database, {
    vendorId: klVendorId,
    username: "catalogue_viewer",
    permissions: [],
  });
  viewer = await server.login(username);
});
afterAll(() => server.close());

describe("washer catalogue: the starter catalogue", () => {
  it("exists in every installation and every vendor reads it, read-only (GET, token in the query)", async () => {
    for (const token of [kl, bkk]) {
      const { http, body } = await server.send(catalogue.brands, { page_size: 200 }, { token: token });
      expect(http, JSON.stringify(body)).toBe(200);
      const names = body.result.items.map((b) => b.brand);
      for (const maker of [
        "Speed Queen",
        "Electrolux Professional",
        "Dexter Laundry",
        "Girbau",
        "Miele Professional",
      ]) {
        expect(names).toContain(maker);
      }
      expect(body.result.items.every((b) => !b.editable)).toBe(true);
    }
    const sq = await server.send(catalogue.brands, { name: "speed" }, { token: kl });
    expect(sq.body.result.items).toHaveLength(1);
    expect(sq.body.result.items[0]).toMatchObject({
      manufacturer: "Alliance Laundry Systems LLC",
      logo_url: "/washer-logos/speed-queen.svg",
    });
    expect(sq.body.result.items[0]?.model_count).toBeGreaterThan(3);
  });

  it("lists models filtered by brand_id, with their brand, machine type and control template", async () => {
    const speedQueen = await starterId("brand", "Speed Queen");
    const { http, body } = await server.send(catalogue.models, { brand_id: speedQueen, page_size: 50 }, { token: kl });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result.items.every((m) => m.brand_id === speedQueen && m.brand === "Speed Queen")).toBe(true);
    expect(body.result.items.find((m) => m.name === "SC60")).toMatchObject({
      machine_type: "washer",
      control_template: "Speed Queen Quantum",
      editable: false,
    });
    const dryers = await server.send(catalogue.models, { machine_type: "dryer", page_size: 200 }, { token: kl });
    expect(dryers.body.result.items.length).toBeGreaterThan(5);
    expect(dryers.body.result.items.every((m) => m.machine_type === "dryer")).toBe(true);
    const templates = await server.send(catalogue.controlTemplates, { origin: "starter" }, { token: kl });
    expect(templates.body.result.items.map((t) => t.name).sort()).toEqual([
      "Electrolux Compass",
      "Generic serial pulse-start",
      "Speed Queen Quantum",
    ]);
  });

  it("pages GET lists by cursor without overlap, sorted by name when asked", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AnswerOf<typeof catalogue.models> = await server.send(
        catalogue.models,
        {
          page_size: 7,
          sort: "name_asc",
          ...(cursor ? { cursor } : {}),
        },
        { token: kl },
      );
      seen.push(...page.body.result.items.map((m) => m.name));
      cursor = page.body.result.next_cursor;
    } while (cursor);
    const all = await server.database.db.select().from(washerModels).where(isNull(washerModels.vendorId));
    expect(seen).toHaveLength(all.length);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const bad = await server.sendRaw(catalogue.models, { brand_id: "abc" }, { token: kl });
    expect(bad.http).toBe(400);
  });

  it("refuses changes to starter rows with NO_PERMISSION, for every change call", async () => {
    const brandId = await starterId("brand", "Speed Queen");
    const modelId = await starterId("model", "SC60");
    const templateId = await starterId("template", "Speed Queen Quantum");
    const calls = changeCalls(
      { brand: brandId, model: modelId, template: templateId },
      { brand: "Slow Queen", model: "SC61", machineType: "washer" },
      { token: kl },
    );
    for (const [name, call] of calls) {
      const answer = await call();
      expect(answer.http, name).toBe(403);
      expect(answer.body, name).toMatchObject({
        code: "NO_PERMISSION",
        message_key: "washerCatalogue.starterReadOnly",
      });
    }
    const [row] = await server.database.db.select().from(washerBrands).where(eq(washerBrands.id, brandId));
    expect(row?.brand).toBe("Speed Queen");
  });

  it("offers the starter and the vendor's own brands and templates for selects", async () => {
    const { body } = await server.send(catalogue.options, {}, { token: kl });
    expect(body.result.brands.length).toBeGreaterThanOrEqual(14);
    expect(body.result.control_templates.map((t) => t.name)).toContain("Electrolux Compass");
  });
});

describe("washer brands: field rules (spec §5: manufacturer, brand, alias, logo link required)", () => {
  it("creates a brand of the vendor, editable, listed for it only", async () => {
    const { http, body } = await server.send(catalogue.createBrand, brand({}), { token: kl });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result).toMatchObject({ ...brand({}), editable: true, model_count: 0 });
    const own = await server.send(catalogue.brands, { origin: "own" }, { token: kl });
    expect(own.body.result.items.map((b) => b.brand)).toEqual(["Acme"]);
    const theirs = await server.send(catalogue.brands, { origin: "own" }, { token: bkk });
    expect(theirs.body.result.items).toEqual([]);
  });

  it.each(["manufacturer", "brand", "alias", "logo_url"])("requires %s", async (field) => {
    const { http, body } = await server.send(
      catalogue.createBrand,
      brand({ brand: `Missing ${field}`, [field]: " " }),
      { token: kl },
    );
    expect(http).toBe(400);
    expect(body).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: "validation.required" });
  });

  it("takes text up to its length: manufacturer 128, brand and alias 64", async () => {
    for (const [field, max] of [
      ["manufacturer", 128],
      ["brand", 64],
      ["alias", 64],
    ] as const) {
      const ok = await server.send(catalogue.createBrand, brand({ brand: `Len ${field}`, [field]: "x".repeat(max) }), {
        token: kl,
      });
      expect(ok.http, `${field} ${max}`).toBe(200);
      const long = await server.send(
        catalogue.createBrand,
        brand({ brand: `Long ${field}`, [field]: "x".repeat(max + 1) }),
        { token: kl },
      );
      expect(long.body, `${field} ${max + 1}`).toMatchObject({ field, message_key: "validation.tooLong" });
    }
  });

  it("takes a logo link that is an http(s) address or a site path, at most 512 characters", async () => {
    const good = [
      "http://logos.example/a.png",
      "https://logos.example/b.svg?v=2",
      "/washer-logos/mine.svg",
      `https://l.example/${"a".repeat(512 - 18)}`,
    ];
    for (const [i, logo] of good.entries()) {
      expect(logo.length).toBeLessThanOrEqual(512);
      const { http, body } = await server.send(
        catalogue.createBrand,
        brand({ brand: `Logo ok ${i}`, logo_url: logo }),
        { token: kl },
      );
      expect(http, `${logo}: ${JSON.stringify(body)}`).toBe(200);
    }
    const bad: [string, string][] = [
      ["ftp://logos.example/a.png", "validation.logoUrl"],
      ["javascript:alert(1)", "validation.logoUrl"],
      ["//evil.example/a.png", "validation.logoUrl"],
      ["logo.png", "validation.logoUrl"],
      ["https://logos.example/a b.png", "validation.logoUrl"],
      [`https://l.example/${"a".repeat(512 - 17)}`, "validation.tooLong"],
    ];
    for (const [i, [logo, key]] of bad.entries()) {
      const { http, body } = await server.send(
        catalogue.createBrand,
        brand({ brand: `Logo bad ${i}`, logo_url: logo }),
        { token: kl },
      );
      expect(http, logo).toBe(400);
      expect(body, logo).toMatchObject({ field: "logo_url", message_key: key });
    }
  });

  it("answers RECORD_EXISTS for the vendor's second brand of the same name (any case); other vendors may use it", async () => {
    const { http, body } = await server.send(catalogue.createBrand, brand({ brand: "ACME" }), { token: kl });
    expect(http).toBe(409);
    expect(body).toMatchObject({ code: "RECORD_EXISTS", field: "brand" });
    expect((await server.send(catalogue.createBrand, brand({}), { token: bkk })).http).toBe(200);
  });
});

describe("washer models and control templates: field rules", () => {
  let acme = 0;

  beforeAll(async () => {
    const list = await server.send(catalogue.brands, { name: "Acme Laundry Works", origin: "own" }, { token: kl });
    acme = list.body.result.items.find((b) => b.brand === "Acme")?.id ?? 0;
  });

  it("creates a model of every machine type of spec §9, under its own or a starter brand", async () => {
    for (const type of MACHINE_TYPES) {
      const { http, body } = await server.send(
        catalogue.createModel,
        {
          brand_id: acme,
          name: `Acme ${type}`,
          machine_type: type,
        },
        { token: kl },
      );
      expect(http, `${type}: ${JSON.stringify(body)}`).toBe(200);
      expect(body.result).toMatchObject({
        brand: "Acme",
        machine_type: type,
        control_template_id: null,
        editable: true,
      });
    }
    const girbau = await starterId("brand", "Girbau");
    const quantum = await starterId("template", "Speed Queen Quantum");
    const { http, body } = await server.send(
      catalogue.createModel,
      {
        brand_id: girbau,
        name: "HS-6040 (ours)",
        machine_type: "washer",
        control_template_id: quantum,
      },
      { token: kl },
    );
    expect(http).toBe(200);
    expect(body.result).toMatchObject({ brand: "Girbau", control_template: "Speed Queen Quantum", editable: true });
  });

  it("refuses a model without name, brand or a known machine type", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand_id: acme, name: "", machine_type: "washer" }, "name", "validation.required"],
      [{ brand_id: acme, name: "x".repeat(65), machine_type: "washer" }, "name", "validation.tooLong"],
      [{ name: "No brand", machine_type: "washer" }, "brand_id", "validation.required"],
      [{ brand_id: acme, name: "Spaceship", machine_type: "spaceship" }, "machine_type", "validation.machineType"],
      [{ brand_id: acme, name: "No type" }, "machine_type", "validation.machineType"],
    ];
    for (const [body, field, key] of cases) {
      const answer = await server.sendRaw(catalogue.createModel, body, { token: kl });
      expect(answer.http, field).toBe(400);
      expect(answer.body, field).toMatchObject({ field, message_key: key });
    }
    const max = await server.send(
      catalogue.createModel,
      { brand_id: acme, name: "x".repeat(64), machine_type: "dryer" },
      { token: kl },
    );
    expect(max.http).toBe(200);
  });

  it("answers RECORD_EXISTS for a second model of that name under the same brand, not under another", async () => {
    const again = await server.send(
      catalogue.createModel,
      { brand_id: acme, name: "ACME WASHER", machine_type: "washer" },
      { token: kl },
    );
    expect(again.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
    const girbau = await starterId("brand", "Girbau");
    const other = await server.send(
      catalogue.createModel,
      { brand_id: girbau, name: "Acme washer", machine_type: "washer" },
      { token: kl },
    );
    expect(other.http).toBe(200);
  });

  it("control template: name, data head (hex bytes) and data body required; the head is stored canonical", async () => {
    const created = await server.send(catalogue.createControlTemplate, template({ data_head: "aa5502 ff" }), {
      token: kl,
    });
    expect(created.http, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({ name: "Acme pulse", data_head: "AA 55 02 FF", editable: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [template({ name: "" }), "name", "validation.required"],
      [template({ name: "x".repeat(65) }), "name", "validation.tooLong"],
      [template({ name: "No head", data_head: "" }), "data_head", "validation.required"],
      [template({ name: "Odd head", data_head: "AA 5" }), "data_head", "validation.hexBytes"],
      [template({ name: "Not hex", data_head: "ZZ" }), "data_head", "validation.hexBytes"],
      [template({ name: "Long head", data_head: "A".repeat(256) }), "data_head", "validation.tooLong"],
      [template({ name: "No body", data_body: " " }), "data_body", "validation.required"],
    ];
    for (const [body, field, key] of cases) {
      const answer = await server.sendRaw(catalogue.createControlTemplate, body, { token: kl });
      expect(answer.http, `${field}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body, field).toMatchObject({ field, message_key: key });
    }
    const longest = await server.send(
      catalogue.createControlTemplate,
      template({ name: "x".repeat(64), data_head: "AB".repeat(85) }),
      { token: kl },
    );
    expect(longest.http).toBe(200);
    const tooMany = await server.send(
      catalogue.createControlTemplate,
      template({ name: "86 bytes", data_head: "AB".repeat(86) }),
      { token: kl },
    );
    expect(tooMany.body).toMatchObject({ field: "data_head", message_key: "validation.tooLong" });
    const duplicate = await server.send(catalogue.createControlTemplate, template({ name: "ACME PULSE" }), {
      token: kl,
    });
    expect(duplicate.body).toMatchObject({ code: "RECORD_EXISTS", field: "name" });
  });
});

describe("washer catalogue: dependents, tenants and permissions", () => {
  let brandId = 0;
  let templateId = 0;
  let modelIds: number[] = [];

  beforeAll(async () => {
    brandId = (await server.send(catalogue.createBrand, brand({ brand: "Dep brand" }), { token: kl })).body.result.id;
    templateId = (await server.send(catalogue.createControlTemplate, template({ name: "Dep template" }), { token: kl }))
      .body.result.id;
    modelIds = [];
    for (const name of ["Dep 1", "Dep 2"]) {
      const model = await server.send(
        catalogue.createModel,
        {
          brand_id: brandId,
          name,
          machine_type: "washer",
          control_template_id: name === "Dep 1" ? templateId : null,
        },
        { token: kl },
      );
      modelIds.push(model.body.result.id);
    }
  });

  it("refuses to remove a brand that still has models, naming how many", async () => {
    const { http, body } = await server.send(catalogue.removeBrand, { id: brandId }, { token: kl });
    expect(http).toBe(409);
    expect(body).toMatchObject({
      code: "HAS_DEPENDENTS",
      message_key: "washerCatalogue.brandHasModels",
      message_params: { models: 2 },
    });
    expect(body.message).toContain("2");
  });

  it("refuses to remove a control template a model uses, naming how many", async () => {
    const { http, body } = await server.send(catalogue.removeControlTemplate, { id: templateId }, { token: kl });
    expect(http).toBe(409);
    expect(body).toMatchObject({ message_key: "washerCatalogue.templateHasModels", message_params: { models: 1 } });
  });

  it("answers NOT_FOUND to another vendor for every call on the vendor's rows, and never lists them", async () => {
    const modelId = modelIds[0] ?? 0;
    const bangkok = { token: bkk };
    const calls = [
      ...changeCalls(
        { brand: brandId, model: modelId, template: templateId },
        { brand: "Hijacked", model: "Hijacked", machineType: "dryer", template: "Hijacked" },
        bangkok,
      ),
      // Nor may it build on them.
      [
        "create_laundry_model",
        () =>
          server.send(
            catalogue.createModel,
            { brand_id: brandId, name: "On their brand", machine_type: "washer" },
            bangkok,
          ),
      ] as const,
    ];
    for (const [name, call] of calls) {
      const answer = await call();
      expect(answer.http, name).toBe(404);
      expect(answer.body.code, name).toBe("NOT_FOUND");
    }
    const girbau = await starterId("brand", "Girbau");
    const theirTemplate = await server.send(
      catalogue.createModel,
      {
        brand_id: girbau,
        name: "On their template",
        machine_type: "washer",
        control_template_id: templateId,
      },
      { token: bkk },
    );
    expect(theirTemplate.body).toMatchObject({ code: "NOT_FOUND", field: "control_template_id" });
    const models = await server.send(catalogue.models, { brand_id: brandId }, { token: bkk });
    expect(models.body.result.items).toEqual([]);
    const options = await server.send(catalogue.options, {}, { token: bkk });
    expect(options.body.result.brands.some((b) => b.id === brandId)).toBe(false);
    const [row] = await server.database.db.select().from(washerBrands).where(eq(washerBrands.id, brandId));
    expect(row?.brand).toBe("Dep brand");
  });

  it("lets a level-4 account with only dev_query read but not change (NO_PERMISSION); dev_control may", async () => {
    for (const [name, contract] of [
      ["get_laundry_brands", catalogue.brands],
      ["get_laundry_models", catalogue.models],
    ] as const) {
      expect((await server.send(contract, {}, { token: viewer })).http, name).toBe(200);
    }
    expect((await server.send(catalogue.controlTemplates, {}, { token: viewer })).http).toBe(200);
    const refused = await server.send(catalogue.createBrand, brand({ brand: "Viewer brand" }), { token: viewer });
    expect(refused.http).toBe(403);
    expect(refused.body.code).toBe("NO_PERMISSION");
    const removal = await server.send(catalogue.removeModel, { id: modelIds[1] ?? 0 }, { token: viewer });
    expect(removal.body.code).toBe("NO_PERMISSION");
    const allowed = await server.send(catalogue.createBrand, brand({ brand: "Sub brand" }), { token: sub });
    expect(allowed.http).toBe(200);
  });

  it("modifies and removes its own rows; then the brand and template can go", async () => {
    const modify = await server.send(
      catalogue.modifyModel,
      {
        id: modelIds[0] ?? 0,
        brand_id: brandId,
        name: "Dep 1b",
        machine_type: "combo",
        control_template_id: null,
      },
      { token: kl },
    );
    expect(modify.body.result).toMatchObject({ name: "Dep 1b", machine_type: "combo", control_template: null });
    expect((await server.send(catalogue.removeControlTemplate, { id: templateId }, { token: kl })).http).toBe(200);
    for (const id of modelIds) expect((await server.send(catalogue.removeModel, { id }, { token: kl })).http).toBe(200);
    const renamed = await server.send(catalogue.modifyBrand, brand({ id: brandId, brand: "Dep brand 2" }), {
      token: kl,
    });
    expect(renamed.body.result.brand).toBe("Dep brand 2");
    expect((await server.send(catalogue.removeBrand, { id: brandId }, { token: kl })).http).toBe(200);
    expect((await server.send(catalogue.removeBrand, { id: brandId }, { token: kl })).body.code).toBe("NOT_FOUND");
  });

  it("logs every change with its record", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.vendorId, klVendorId));
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      "washerCatalogue.createBrand",
      "washerCatalogue.modifyBrand",
      "washerCatalogue.removeBrand",
      "washerCatalogue.createModel",
      "washerCatalogue.modifyModel",
      "washerCatalogue.removeModel",
      "washerCatalogue.createControlTemplate",
      "washerCatalogue.removeControlTemplate",
    ]) {
      expect(actions.has(action), action).toBe(true);
    }
    expect(rows.some((r) => r.target === `washer_brand:${brandId}` && r.errorCode === "HAS_DEPENDENTS")).toBe(true);
  });
});
