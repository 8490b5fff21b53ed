import {
  feeRate,
  groupProfileFields,
  managedAccountCreateFields,
  managedAccountEmail,
  vendorAdminFields,
} from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { zodRule } from "../../app/forms/zod-rule";
import { passes, useEnglishCatalogue } from "../../test/form-rules";

beforeAll(useEnglishCatalogue);

it("shows the catalogue's words for a rule the server also answers", async () => {
  const rule = zodRule(feeRate) as RuleObject;
  await expect(rule.validator?.(rule, 1, () => {})).rejects.toThrow("Fee rate must be between 0 and 0.99");
});

describe("the forms of the group screens reject what the server rejects", () => {
  it("fee rate: 0 and 0.99 pass, 1, -0.01 and 0.555 fail", async () => {
    expect(await passes(feeRate, 0)).toBe(true);
    expect(await passes(feeRate, 0.99)).toBe(true);
    expect(await passes(vendorAdminFields.fee_rate_no_coins, 0.99)).toBe(true);
    expect(await passes(feeRate, 1)).toBe(false);
    expect(await passes(feeRate, -0.01)).toBe(false);
    expect(await passes(feeRate, 0.555)).toBe(false);
  });

  it("coin denomination: 0 passes, -1 fails", async () => {
    expect(await passes(vendorAdminFields.coin_denomination, 0)).toBe(true);
    expect(await passes(vendorAdminFields.coin_denomination, -1)).toBe(false);
  });

  it("account password: 6 and 16 characters pass, 5 and 17 fail", async () => {
    const password = managedAccountCreateFields.password;
    expect(await passes(password, "123456")).toBe(true);
    expect(await passes(password, "a".repeat(16))).toBe(true);
    expect(await passes(password, "12345")).toBe(false);
    expect(await passes(password, "a".repeat(17))).toBe(false);
  });

  it("required fields refuse blanks; currency, language and time zone refuse unknown values", async () => {
    for (const schema of [vendorAdminFields.real_name, vendorAdminFields.id_number, groupProfileFields.c_app_id]) {
      expect(await passes(schema, "  ")).toBe(false);
    }
    expect(await passes(managedAccountEmail, "someone@demo.test")).toBe(true);
    expect(await passes(managedAccountEmail, "someone")).toBe(false);
    expect(await passes(vendorAdminFields.currency, "MYR")).toBe(true);
    expect(await passes(vendorAdminFields.currency, "XYZ")).toBe(false);
    expect(await passes(vendorAdminFields.language, "th-th")).toBe(true);
    expect(await passes(vendorAdminFields.language, "ko")).toBe(false);
    expect(await passes(vendorAdminFields.time_zone, "Asia/Bangkok")).toBe(true);
    expect(await passes(vendorAdminFields.time_zone, "Mars/Olympus")).toBe(false);
  });
});
