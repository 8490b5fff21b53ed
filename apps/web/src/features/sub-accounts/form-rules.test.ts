import {
  createSubAccountRequest,
  modifyVendorContactRequest,
  payDiscount,
  roleFields,
  subAccountEmail,
} from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { matchesField } from "../../app/forms/zod-rule";
import { passes, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

const fields = createSubAccountRequest.shape;

describe("the sub-account, role and vendor-profile forms reject what the server rejects", () => {
  it("password: 6 and 16 characters pass, 5 and 17 fail", async () => {
    expect(await passes(fields.password, "123456")).toBe(true);
    expect(await passes(fields.password, "p".repeat(16))).toBe(true);
    expect(await passes(fields.password, "12345")).toBe(false);
    expect(await passes(fields.password, "p".repeat(17))).toBe(false);
  });

  it("confirmation: a different value answers 'two passwords do not match'", async () => {
    const rule = (matchesField("password") as (form: unknown) => RuleObject)({
      getFieldValue: () => "secret12",
    });
    await expect(rule.validator?.(rule, "secret13", () => {})).rejects.toThrow("The two passwords do not match");
    await expect(rule.validator?.(rule, "secret12", () => {})).resolves.toBeUndefined();
  });

  it("username, email, nickname and role name", async () => {
    expect(await passes(fields.username, "abcd")).toBe(true);
    expect(await passes(fields.username, "abc")).toBe(false);
    expect(await passes(subAccountEmail, "till@demo.test")).toBe(true);
    expect(await passes(subAccountEmail, "not-an-email")).toBe(false);
    expect(await passes(subAccountEmail, "")).toBe(false);
    expect(await passes(fields.nickname, "n".repeat(20))).toBe(true);
    expect(await passes(fields.nickname, "n".repeat(21))).toBe(false);
    expect(await passes(roleFields.name, "Cashier")).toBe(true);
    expect(await passes(roleFields.name, "  ")).toBe(false);
  });

  it("pay discount 1 to 99, vendor phone and home page required", async () => {
    expect(await passes(payDiscount, 1)).toBe(true);
    expect(await passes(payDiscount, 99)).toBe(true);
    expect(await passes(payDiscount, 0)).toBe(false);
    expect(await passes(payDiscount, 100)).toBe(false);
    expect(await passes(modifyVendorContactRequest.shape.phone, "")).toBe(false);
    expect(await passes(modifyVendorContactRequest.shape.home_page, "https://x.example")).toBe(true);
  });
});
