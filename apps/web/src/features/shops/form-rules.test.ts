import { LIMITS, type ShopItem, shopCreateRequest, shopFields } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { fieldError } from "../../app/forms/zod-rule";
import { i18next } from "../../app/i18n";
import { passes, useEnglishCatalogue } from "../../test/form-rules";
import { EMPTY_SHOP_FORM, optionalPortRule, optionalTimeZoneRule, toShopForm, toShopPayload } from "./form";

beforeAll(useEnglishCatalogue);

const imageKey = (c: string) => `${c.repeat(64)}.png`;

describe("the shop form rejects what the server rejects", () => {
  it("name and address are required; name 64 characters pass, 65 fail", async () => {
    expect(await passes(shopFields.name, "n".repeat(64))).toBe(true);
    expect(await passes(shopFields.name, "n".repeat(65))).toBe(false);
    expect(await passes(shopFields.name, "  ")).toBe(false);
    expect(await passes(shopFields.address, "")).toBe(false);
    expect(await passes(shopFields.address, "a".repeat(255))).toBe(true);
    expect(fieldError(shopFields.address, "")).toBe(i18next.t("validation.required"));
  });

  it("MQTT port: 1 and 65534 pass; 0 and 65535 fail with the rule itself, 1 to 65534; empty is no port", async () => {
    expect(LIMITS.portExclusiveMax).toBe(65535);
    expect(await passes(optionalPortRule, 65534)).toBe(true);
    expect(await passes(optionalPortRule, 1)).toBe(true);
    expect(await passes(optionalPortRule, null)).toBe(true);
    expect(await passes(optionalPortRule, undefined)).toBe(true);
    expect(await passes(optionalPortRule, 65535)).toBe(false);
    expect(await passes(optionalPortRule, 0)).toBe(false);
    expect(fieldError(optionalPortRule, 65535)).toBe("Must be a whole number from 1 to 65534");
    expect(fieldError(optionalPortRule, 0)).toBe("Must be a whole number from 1 to 65534");
  });

  it("shop images: six pass, a seventh is refused; the icon takes one image", async () => {
    const keys = "abcdefg".split("").map(imageKey);
    expect(await passes(shopFields.images, keys.slice(0, 6))).toBe(true);
    expect(await passes(shopFields.images, keys)).toBe(false);
    expect(fieldError(shopFields.images, keys)).toBe(i18next.t("validation.tooManyImages"));
    expect(await passes(shopFields.icon, keys.slice(0, 1))).toBe(true);
    expect(fieldError(shopFields.icon, keys.slice(0, 2))).toBe(i18next.t("validation.oneImage"));
  });

  it("service type: washing, pet or composite must be chosen", async () => {
    for (const type of [1, 2, 3]) expect(await passes(shopFields.service_type, type)).toBe(true);
    expect(fieldError(shopFields.service_type, undefined)).toBe(i18next.t("validation.required"));
    expect(await passes(shopFields.service_type, 4)).toBe(false);
  });

  it("MQTT text fields are optional and capped like the server's columns", async () => {
    expect(await passes(shopFields.mqtt_username, "")).toBe(true);
    expect(await passes(shopFields.mqtt_username, "u".repeat(128))).toBe(true);
    expect(await passes(shopFields.mqtt_username, "u".repeat(129))).toBe(false);
    expect(await passes(shopFields.mqtt_host, "h".repeat(256))).toBe(false);
    expect(await passes(shopFields.mqtt_password, "")).toBe(true);
  });

  it("time zone: an IANA zone passes, a made-up one fails; none chosen is the merchant's", async () => {
    expect(await passes(optionalTimeZoneRule, "Asia/Bangkok")).toBe(true);
    expect(await passes(optionalTimeZoneRule, undefined)).toBe(true);
    expect(await passes(optionalTimeZoneRule, null)).toBe(true);
    expect(await passes(optionalTimeZoneRule, "Mars/Olympus_Mons")).toBe(false);
    expect(fieldError(optionalTimeZoneRule, "Mars/Olympus_Mons")).toBe(i18next.t("validation.timeZone"));
  });
});

describe("the shop dialog's payload", () => {
  const stored: ShopItem = {
    id: 7,
    name: "Bubbles",
    address: "3 Jalan Telawi",
    location_id: 2,
    location_name: "Bangsar",
    icon: [],
    images: [],
    service_type: 3,
    brand_id: null,
    brand_name: null,
    alliance_id: 4,
    alliance_name: "KL circle",
    epay_laundry_points: true,
    epay_member_cards: false,
    mqtt_username: "kl",
    mqtt_password: "••••••••7391",
    mqtt_client_id: "client",
    mqtt_host: "mqtt.example.test",
    mqtt_port: 8883,
    product_key: "pk",
    payment_id: "••••-xyz",
    time_zone: "Asia/Bangkok",
    device_count: 0,
    payqr_count: 0,
    created_at: 0,
  };

  it("starts secrets blank (the masks are only placeholders) and leaves blank secrets out, so the server keeps them", () => {
    const form = toShopForm(stored);
    expect([form.mqtt_password, form.payment_id]).toEqual(["", ""]);
    const payload = toShopPayload(form);
    expect(payload.mqtt_password).toBeUndefined();
    expect(payload.payment_id).toBeUndefined();
    expect(payload).toMatchObject({
      location_id: 2,
      brand_id: null,
      alliance_id: 4,
      mqtt_port: 8883,
      service_type: 3,
      time_zone: "Asia/Bangkok",
    });
    expect(shopCreateRequest.safeParse(payload).success).toBe(true);
  });

  it("sends a retyped secret, and null for a cleared choice, port or time zone", () => {
    const payload = toShopPayload({
      ...toShopForm(stored),
      mqtt_password: "new-pass",
      location_id: undefined,
      mqtt_port: null,
      time_zone: undefined,
    });
    expect(payload).toMatchObject({ mqtt_password: "new-pass", location_id: null, mqtt_port: null, time_zone: null });
  });

  it("starts a shop that keeps its merchant's time zone with none chosen, as a new shop does", () => {
    expect(toShopForm({ ...stored, time_zone: null }).time_zone).toBeUndefined();
    expect(toShopPayload(EMPTY_SHOP_FORM).time_zone).toBeNull();
  });

  it("an empty form needs a name and an address before the server would take it", () => {
    const result = shopCreateRequest.safeParse(toShopPayload(EMPTY_SHOP_FORM));
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["name", "address"]);
  });
});
