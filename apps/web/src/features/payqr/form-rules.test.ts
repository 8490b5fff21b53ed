import { boundDeviceId, PAYQR_BIND_MODE, payQrBinding, payQrCreateRequest, payQrFields } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

describe("payment QR code form rules match the server's", () => {
  it("name: required, 64 characters pass, 65 fail; remark: 255 pass, 256 fail", async () => {
    expect(await message(payQrFields.name, "")).toBe(key("validation.required"));
    expect(await message(payQrFields.name, "n".repeat(64))).toBeUndefined();
    expect(await message(payQrFields.name, "n".repeat(65))).toBe(key("validation.tooLong"));
    expect(await message(payQrFields.remark, "r".repeat(255))).toBeUndefined();
    expect(await message(payQrFields.remark, "r".repeat(256))).toBe(key("validation.tooLong"));
  });

  it("binding: a mode and a shop are required; a device when bound to a device", async () => {
    expect(await message(payQrBinding.bind_mode, PAYQR_BIND_MODE.device)).toBeUndefined();
    expect(await message(payQrBinding.bind_mode, undefined)).toBe(key("validation.required"));
    expect(await message(payQrBinding.shop_id, undefined)).toBe(key("validation.required"));
    expect(await message(payQrBinding.shop_id, 7)).toBeUndefined();
    expect(await message(boundDeviceId, undefined)).toBe(key("validation.required"));
    expect(await message(boundDeviceId, 3)).toBeUndefined();
  });

  it("the whole payload: device mode without a device is refused on device_id, shop mode needs none", () => {
    const shopMode = payQrCreateRequest.safeParse({ name: "A", bind_mode: 1, shop_id: 1 });
    expect(shopMode.success).toBe(true);
    const noDevice = payQrCreateRequest.safeParse({ name: "A", bind_mode: 2, shop_id: 1 });
    expect(noDevice.success).toBe(false);
    expect(noDevice.error?.issues[0]).toMatchObject({ path: ["device_id"], message: "validation.required" });
    expect(payQrCreateRequest.safeParse({ name: "A", bind_mode: 2, shop_id: 1, device_id: 4 }).success).toBe(true);
  });
});
