import {
  brandFields,
  ecardFields,
  emailConfigFields,
  imageList,
  LIMITS,
  sendTestEmailRequest,
} from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";

const imageKey = (c: string) => `${c.repeat(64)}.png`;

beforeAll(useEnglishCatalogue);

describe("brand form rules match the server's", () => {
  it("coordinates: decimals pass, 'abc' and out-of-range fail with the server's messages", async () => {
    expect(await message(brandFields.longitude, "101.6869")).toBeUndefined();
    expect(await message(brandFields.longitude, "-180")).toBeUndefined();
    expect(await message(brandFields.latitude, "90")).toBeUndefined();
    expect(await message(brandFields.longitude, "abc")).toBe(key("validation.decimal"));
    expect(await message(brandFields.latitude, "1.2.3")).toBe(key("validation.decimal"));
    expect(await message(brandFields.longitude, "180.01")).toBe(key("validation.longitude"));
    expect(await message(brandFields.latitude, "-90.01")).toBe(key("validation.latitude"));
    expect(await message(brandFields.latitude, "")).toBe(key("validation.required"));
  });

  it("required fields of spec §5 refuse empty input; manager and region may stay empty", async () => {
    for (const field of ["name", "service_time", "country", "province", "city", "address", "contact_phone"] as const) {
      expect(await message(brandFields[field], "  "), field).toBe(key("validation.required"));
    }
    expect(await message(brandFields.manager, "")).toBeUndefined();
    expect(await message(brandFields.region, "")).toBeUndefined();
  });

  it("logo, icon and virtual card image take one image; a second is refused", async () => {
    expect(LIMITS.imageCounts.brandLogo).toBe(1);
    for (const schema of [brandFields.logo, brandFields.icon, ecardFields.image]) {
      expect(await message(schema, [])).toBeUndefined();
      expect(await message(schema, [imageKey("a")])).toBeUndefined();
      expect(await message(schema, [imageKey("a"), imageKey("b")])).toBe(key("validation.oneImage"));
    }
  });
});

it("shop images (for the shop screens): six pass, a seventh is refused", async () => {
  const shopImages = imageList(LIMITS.imageCounts.shopImages);
  const keys = "abcdefg".split("").map(imageKey);
  expect(await message(shopImages, keys.slice(0, 6))).toBeUndefined();
  expect(await message(shopImages, keys)).toBe(key("validation.tooManyImages"));
});

describe("email configuration form rules match the server's", () => {
  it("port: 65534 passes, 65535 and 0 fail", async () => {
    expect(await message(emailConfigFields.port, 65534)).toBeUndefined();
    expect(await message(emailConfigFields.port, 1)).toBeUndefined();
    expect(await message(emailConfigFields.port, 65535)).toBe(key("validation.port"));
    expect(await message(emailConfigFields.port, 0)).toBe(key("validation.port"));
    expect(await message(emailConfigFields.port, null)).toBe(key("validation.numeric"));
  });

  it("the SMTP server is required and the test recipient must be an address", async () => {
    expect(await message(emailConfigFields.smtp_server, "")).toBe(key("validation.required"));
    expect(await message(sendTestEmailRequest.shape.to, "owner@example.com")).toBeUndefined();
    expect(await message(sendTestEmailRequest.shape.to, "owner")).toBe(key("validation.email"));
  });
});
