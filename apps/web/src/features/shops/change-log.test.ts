import { SHOP_SECRET_CHANGED } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { useEnglishCatalogue } from "../../test/form-rules";
import { changedBy, changeLines } from "./change-log";

beforeAll(useEnglishCatalogue);

const options = { shops: [], locations: [{ id: 7, name: "Bangsar" }], alliances: [], brands: [] };

describe("a shop change log row", () => {
  it("names each field by the shop form's label, before → after, names for ids, never a secret", () => {
    const lines = changeLines(
      {
        changes: {
          name: { before: "Old", after: "New" },
          location_id: { before: null, after: 7 },
          brand_id: { before: 3, after: null },
          epay_member_cards: { before: false, after: true },
          service_type: { before: 1, after: 2 },
          images: { before: [], after: ["a.png", "b.png"] },
          mqtt_password: SHOP_SECRET_CHANGED,
          some_new_field: { before: "x", after: "y" },
        },
      },
      options,
    );
    expect(lines).toEqual([
      "Shop name: Old → New",
      "Location: — → Bangsar",
      "Brand: #3 → —",
      "E-payment for member cards: No → Yes",
      "Service type: Washing → Pet washing",
      "Shop images: 0 → 2",
      "MQTT password: changed (value hidden)",
      "some_new_field: x → y",
    ]);
  });

  it("says who: nickname and username, or System without an account", () => {
    expect(changedBy({ username: "vendor_admin", nickname: "Vera" })).toBe("Vera (vendor_admin)");
    expect(changedBy({ username: "vendor_admin", nickname: "vendor_admin" })).toBe("vendor_admin");
    expect(changedBy({ username: null, nickname: null })).toBe("System");
  });
});
