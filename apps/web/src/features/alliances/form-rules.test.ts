import { ALLIANCE_TYPE, allianceCreateRequest, allianceFields } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

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
    expect(key("alliances.hasShops", { shops: 2 })).toContain("2");
    expect(key("alliances.errors.shopInOtherAlliance", { shop: "KL Ampang" })).toContain("KL Ampang");
  });
});
