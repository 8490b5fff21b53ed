import { ALLIANCE_TYPE, allianceCreateRequest, allianceFields } from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { zodRule } from "../../app/forms/zod-rule";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";

/** Runs a form rule as Ant Design does: undefined when the value passes, else the shown message. */
async function message(schema: Parameters<typeof zodRule>[0], value: unknown): Promise<string | undefined> {
  const rule = zodRule(schema) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const key = (k: string) => i18next.t(k);

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});

describe("alliance form rules match the server's", () => {
  it("name: required, 64 characters pass, 65 fail", async () => {
    expect(await message(allianceFields.name, "  ")).toBe(key("validation.required"));
    expect(await message(allianceFields.name, "n".repeat(64))).toBeUndefined();
    expect(await message(allianceFields.name, "n".repeat(65))).toBe(key("validation.tooLong"));
  });

  it("type: laundry or cross-industry must be chosen", async () => {
    expect(await message(allianceFields.type, ALLIANCE_TYPE.laundry)).toBeUndefined();
    expect(await message(allianceFields.type, ALLIANCE_TYPE.crossIndustry)).toBeUndefined();
    expect(await message(allianceFields.type, undefined)).toBe(key("validation.required"));
    expect(await message(allianceFields.type, 3)).toBe(key("validation.invalid"));
  });

  it("remark: optional, 255 characters pass, 256 fail", async () => {
    expect(await message(allianceFields.remark, "")).toBeUndefined();
    expect(await message(allianceFields.remark, "r".repeat(255))).toBeUndefined();
    expect(await message(allianceFields.remark, "r".repeat(256))).toBe(key("validation.tooLong"));
  });

  it("the whole payload: members and card template are optional, a shop chosen twice is refused", () => {
    expect(allianceCreateRequest.safeParse({ name: "A", type: 1 }).success).toBe(true);
    expect(allianceCreateRequest.safeParse({ name: "A", type: 1, shop_ids: [1, 2], ecard_id: 3 }).success).toBe(true);
    expect(allianceCreateRequest.safeParse({ name: "A", type: 1, shop_ids: [1, 1] }).success).toBe(false);
  });

  it("the server's dependents and membership messages read with their values", () => {
    expect(i18next.t("alliances.hasShops", { shops: 2 })).toContain("2");
    expect(i18next.t("alliances.errors.shopInOtherAlliance", { shop: "KL Ampang" })).toContain("KL Ampang");
  });
});
