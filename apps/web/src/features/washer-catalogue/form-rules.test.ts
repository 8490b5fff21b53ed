import { controlTemplateFields, washerBrandFields, washerModelFields } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

describe("washer brand form rules match the server's", () => {
  it("manufacturer, brand, alias and logo link are required (spec §5)", async () => {
    for (const field of ["manufacturer", "brand", "alias", "logo_url"] as const) {
      expect(await message(washerBrandFields[field], " "), field).toBe(key("validation.required"));
    }
  });

  it("the logo link is an http(s) address or a site path, at most 512 characters", async () => {
    for (const ok of ["https://logos.example/a.svg", "http://logos.example/a.png", "/washer-logos/dexter.svg"]) {
      expect(await message(washerBrandFields.logo_url, ok), ok).toBeUndefined();
    }
    for (const bad of ["ftp://logos.example/a.png", "javascript:alert(1)", "//evil.example/a.png", "logo.png"]) {
      expect(await message(washerBrandFields.logo_url, bad), bad).toBe(key("validation.logoUrl"));
    }
    expect(await message(washerBrandFields.logo_url, `https://l.example/${"a".repeat(495)}`)).toBe(
      key("validation.tooLong"),
    );
  });
});

describe("model and control template form rules match the server's", () => {
  it("a model needs a brand, a name and a machine type of spec §9", async () => {
    expect(await message(washerModelFields.brand_id, undefined)).toBe(key("validation.required"));
    expect(await message(washerModelFields.name, "")).toBe(key("validation.required"));
    expect(await message(washerModelFields.machine_type, "stack_dry_dry")).toBeUndefined();
    expect(await message(washerModelFields.machine_type, undefined)).toBe(key("validation.machineType"));
  });

  it("the data head is hex bytes; the template name and data body are required", async () => {
    for (const ok of ["AA 55 01", "aa5501", "02"])
      expect(await message(controlTemplateFields.data_head, ok)).toBeUndefined();
    for (const bad of ["AA 5", "ZZ", "0x02"]) {
      expect(await message(controlTemplateFields.data_head, bad), bad).toBe(key("validation.hexBytes"));
    }
    expect(await message(controlTemplateFields.data_head, "AB".repeat(86))).toBe(key("validation.tooLong"));
    expect(await message(controlTemplateFields.name, "")).toBe(key("validation.required"));
    expect(await message(controlTemplateFields.data_body, "")).toBe(key("validation.required"));
  });
});
