import { type PromotionItem, percentOff } from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import dayjs from "dayjs";
import { beforeAll, describe, expect, it } from "vitest";
import { moneyRule } from "../../app/forms/money";
import { key, message, ruleMessage, useEnglishCatalogue } from "../../test/form-rules";
import { daysText, hoursText, settingsSummary } from "./labels";
import { periodIssue, settingSchema, toBody, toForm } from "./promotion-form";
import { toWindowBody, toWindowForm, windowEndIssue, windowFieldRules } from "./window-form";
import { minuteText, zonedDayjs, zonedSeconds } from "./zoned-time";

beforeAll(useEnglishCatalogue);

const MYR = { currency: "MYR", hideSymbol: false };

describe("times in the merchant's zone", () => {
  it("reads a picked time as the wall clock of the merchant's zone, whatever the browser's", () => {
    // 2026-01-01 09:30 in Kuala Lumpur (UTC+8) is 01:30 UTC.
    expect(zonedSeconds(dayjs("2026-01-01 09:30"), "Asia/Kuala_Lumpur")).toBe(Date.UTC(2026, 0, 1, 1, 30) / 1000);
    expect(minuteText(Date.UTC(2026, 0, 1, 1, 30) / 1000, "Asia/Kuala_Lumpur")).toBe("2026-01-01 09:30");
    expect(zonedDayjs(Date.UTC(2026, 0, 1, 1, 30) / 1000, "Asia/Kuala_Lumpur").format("YYYY-MM-DD HH:mm")).toBe(
      "2026-01-01 09:30",
    );
  });

  it("takes the offset of the day itself across daylight saving", () => {
    // Berlin: winter UTC+1, summer UTC+2 (from 29 March 2026).
    expect(zonedSeconds(dayjs("2026-03-28 12:00"), "Europe/Berlin")).toBe(Date.UTC(2026, 2, 28, 11) / 1000);
    expect(zonedSeconds(dayjs("2026-03-29 12:00"), "Europe/Berlin")).toBe(Date.UTC(2026, 2, 29, 10) / 1000);
  });
});

describe("promotion form: the server's rules, with its messages", () => {
  it("discount: 1 and 99 pass; 0, 100, 12.5 and nothing are refused", async () => {
    for (const ok of [1, 30, 99]) expect(await message(percentOff, ok), String(ok)).toBeUndefined();
    for (const bad of [0, 100, 12.5])
      expect(await message(percentOff, bad), String(bad)).toBe(key("validation.discountRange"));
    expect(await message(percentOff, null)).toBe(key("validation.numeric"));
  });

  it("a gift, a top-up or a card price must give something: zero is refused, as text in the merchant's currency", async () => {
    const gift = moneyRule("MYR", settingSchema("referfriend", "gift_amount")) as RuleObject;
    expect(await ruleMessage(gift, "5")).toBeUndefined();
    expect(await ruleMessage(gift, "0")).toBe(key("validation.amountPositive"));
    expect(await ruleMessage(gift, "")).toBe(key("validation.required"));
    const price = moneyRule("THB", settingSchema("washdry", "price")) as RuleObject;
    expect(await ruleMessage(price, "120.50")).toBe(key("validation.amountWholeUnits"));
  });

  it("validity 1 to 3650 days; free washes and dries 0 to 999", async () => {
    expect(await message(settingSchema("dis_card", "validity_days"), 0)).toBe(key("validation.validityDays"));
    expect(await message(settingSchema("dis_card", "validity_days"), 365)).toBeUndefined();
    expect(await message(settingSchema("washdry", "free_washes"), 0)).toBeUndefined();
    expect(await message(settingSchema("washdry", "free_dries"), 1000)).toBe(key("validation.useCount"));
  });

  it("a period needs both ends, the end after the start", () => {
    const zone = "Asia/Kuala_Lumpur";
    expect(periodIssue(null, zone)).toBe("validation.required");
    expect(periodIssue([dayjs("2026-01-01 00:00"), null], zone)).toBe("validation.required");
    expect(periodIssue([dayjs("2026-01-02 00:00"), dayjs("2026-01-01 00:00")], zone)).toBe("validation.periodOrder");
    expect(periodIssue([dayjs("2026-01-01 00:00"), dayjs("2026-01-01 00:00")], zone)).toBe("validation.periodOrder");
    expect(periodIssue([dayjs("2026-01-01 00:00"), dayjs("2026-01-01 00:01")], zone)).toBeUndefined();
  });

  it("turns a top-up bonus's typed amounts into minor units, and back for editing", () => {
    const zone = "Asia/Kuala_Lumpur";
    const form = {
      name: "Top up 50",
      period: [dayjs("2026-01-01 00:00"), dayjs("2026-02-01 00:00")] as [dayjs.Dayjs, dayjs.Dayjs],
      shop_ids: [1, 2],
      machine_types: [],
      top_up_amount: "50",
      gift_amount: "10.50",
    };
    const body = toBody("bonus", form, "MYR", zone);
    expect(body).toEqual({
      name: "Top up 50",
      starts_at: Date.UTC(2025, 11, 31, 16) / 1000,
      ends_at: Date.UTC(2026, 0, 31, 16) / 1000,
      shop_ids: [1, 2],
      machine_types: [],
      settings: { kind: "bonus", top_up_amount: 5_000, gift_amount: 1_050 },
    });
    const item: PromotionItem = {
      ...body,
      shop_ids: [1, 2],
      machine_types: [],
      settings: { kind: "bonus", top_up_amount: 5_000, gift_amount: 1_050 },
      id: 1,
      enabled: true,
      state: "active",
      applied_count: 0,
      cost: 0,
      created_at: 0,
    };
    const again = toForm("bonus", item, "MYR", zone);
    expect(again).toMatchObject({ name: "Top up 50", top_up_amount: "50.00", gift_amount: "10.50" });
    expect(again.period?.map((d) => d?.format("YYYY-MM-DD HH:mm"))).toEqual(["2026-01-01 00:00", "2026-02-01 00:00"]);
  });
});

describe("what a promotion gives, in a few words", () => {
  it("says each kind's settings in the merchant's currency", () => {
    expect(settingsSummary({ kind: "timelimit", percent_off: 30 }, MYR)).toBe("30% off");
    expect(settingsSummary({ kind: "present", gift_amount: 500 }, MYR)).toBe("Gift RM 5.00");
    expect(settingsSummary({ kind: "bonus", top_up_amount: 5_000, gift_amount: 1_000 }, MYR)).toBe(
      "Top up RM 50.00 → gift RM 10.00",
    );
    expect(settingsSummary({ kind: "present", gift_amount: 500 }, { ...MYR, hideSymbol: true })).toBe("Gift 5.00");
    expect(settingsSummary({ kind: "washdry", free_washes: 5, free_dries: 3, price: 3_000 }, MYR)).toBe(
      "5 washes + 3 dries for RM 30.00",
    );
  });
});

describe("time-of-day prices", () => {
  it("names the days Monday first, and every day as such", () => {
    expect(daysText([0, 1, 6], "en")).toBe("Mon, Sat, Sun");
    expect(daysText([0, 1, 2, 3, 4, 5, 6], "en")).toBe("Every day");
  });

  it("says when a window runs on past midnight", () => {
    expect(hoursText({ from: "06:00", to: "09:00" })).toBe("06:00–09:00");
    expect(hoursText({ from: "22:00", to: "02:00" })).toBe("22:00–02:00 (into the next day)");
  });

  it("needs a day, and an end that differs from the start", async () => {
    expect(await message(windowFieldRules.days, [])).toBe(key("validation.noDays"));
    expect(windowEndIssue(dayjs("2000-01-01 22:00"), dayjs("2000-01-01 22:00"))).toBe("validation.windowEmpty");
    expect(windowEndIssue(dayjs("2000-01-01 22:00"), dayjs("2000-01-01 02:00"))).toBeUndefined();
    expect(windowEndIssue(dayjs("2000-01-01 22:00"), null)).toBe("validation.minuteOfDay");
  });

  it("sends a fixed price in minor units, or a percentage, and reads a window back", () => {
    const form = {
      ...toWindowForm(null, "MYR"),
      name: "Evenings",
      days: [6, 0],
      mode: "price" as const,
      price: "3.50",
    };
    expect(toWindowBody(form, "MYR")).toEqual({
      name: "Evenings",
      days: [6, 0],
      from: "06:00",
      to: "09:00",
      shop_ids: [],
      machine_types: [],
      change: { mode: "price", price: 350 },
      enabled: true,
    });
    expect(toWindowBody({ ...form, mode: "percent_off", percent_off: 20 }, "MYR").change).toEqual({
      mode: "percent_off",
      percent_off: 20,
    });
    const back = toWindowForm(
      {
        id: 1,
        name: "Evenings",
        days: [0, 6],
        from: "18:00",
        to: "23:30",
        shop_ids: [],
        machine_types: [],
        change: { mode: "price", price: 350 },
        enabled: false,
        machines: 0,
        applied: 0,
        created_at: 0,
      },
      "MYR",
    );
    expect(back).toMatchObject({ mode: "price", price: "3.50", enabled: false });
    expect(back.from?.format("HH:mm")).toBe("18:00");
    expect(back.to?.format("HH:mm")).toBe("23:30");
  });
});
