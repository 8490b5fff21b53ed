import { locationFields } from "@washboard/shared";
import { beforeAll, describe, expect, it } from "vitest";
import { passes, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

describe("the location form rejects what the server rejects", () => {
  it("name: required, 64 characters pass, 65 fail", async () => {
    expect(await passes(locationFields.name, "Bangsar")).toBe(true);
    expect(await passes(locationFields.name, "n".repeat(64))).toBe(true);
    expect(await passes(locationFields.name, "n".repeat(65))).toBe(false);
    expect(await passes(locationFields.name, "   ")).toBe(false);
    expect(await passes(locationFields.name, undefined)).toBe(false);
  });

  it("address: required, 255 characters pass, 256 fail", async () => {
    expect(await passes(locationFields.address, "a".repeat(255))).toBe(true);
    expect(await passes(locationFields.address, "a".repeat(256))).toBe(false);
    expect(await passes(locationFields.address, "")).toBe(false);
  });
});
