import dayjs from "dayjs";
import { beforeAll, describe, expect, it } from "vitest";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";
import {
  announcementFieldRules,
  announcementPeriodIssue,
  toAnnouncementBody,
  toAnnouncementForm,
} from "./announcement-form";

beforeAll(useEnglishCatalogue);

const ZONE = "Asia/Kuala_Lumpur";

describe("announcement form: the server's rules, with its messages", () => {
  it("title: required, at most 64 characters", async () => {
    expect(await message(announcementFieldRules.title, "New dryers")).toBeUndefined();
    expect(await message(announcementFieldRules.title, "   ")).toBe(key("validation.required"));
    expect(await message(announcementFieldRules.title, "x".repeat(65))).toBe(key("validation.tooLong"));
  });

  it("text: required, at most 500 characters on 12 lines, line ends of any system", async () => {
    expect(await message(announcementFieldRules.body, "One\r\nTwo")).toBeUndefined();
    expect(await message(announcementFieldRules.body, "")).toBe(key("validation.required"));
    expect(await message(announcementFieldRules.body, "x".repeat(501))).toBe(key("validation.tooLong"));
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}`).join("\n");
    expect(await message(announcementFieldRules.body, lines(12))).toBeUndefined();
    expect(await message(announcementFieldRules.body, lines(13))).toBe(key("validation.tooManyLines"));
    expect(key("validation.tooManyLines")).toBe("Too many lines: at most 12");
  });

  it("button text: optional, at most 24 characters; skin and animation: the listed ones", async () => {
    expect(await message(announcementFieldRules.button_text, "")).toBeUndefined();
    expect(await message(announcementFieldRules.button_text, "x".repeat(25))).toBe(key("validation.tooLong"));
    expect(await message(announcementFieldRules.skin, "random")).toBeUndefined();
    expect(await message(announcementFieldRules.skin, "purple")).toBe(key("validation.invalid"));
    expect(await message(announcementFieldRules.animation, "roll_left")).toBeUndefined();
    expect(await message(announcementFieldRules.animation, "spin")).toBe(key("validation.invalid"));
  });

  it("a period needs both ends, the end after the start", () => {
    expect(announcementPeriodIssue(null, ZONE)).toBe("validation.required");
    expect(announcementPeriodIssue([dayjs("2026-01-02 00:00"), dayjs("2026-01-01 00:00")], ZONE)).toBe(
      "validation.periodOrder",
    );
    expect(announcementPeriodIssue([dayjs("2026-01-01 00:00"), dayjs("2026-01-02 00:00")], ZONE)).toBeUndefined();
  });
});

describe("announcement form: values and payload", () => {
  it("starts light grey with a smooth zoom, for every shop; sends the period in the merchant's zone", () => {
    const blank = toAnnouncementForm(null, ZONE);
    expect(blank).toMatchObject({ title: "", body: "", button_text: "", skin: "grey_white", animation: "zoom" });
    const body = toAnnouncementBody(
      { ...blank, title: "Hi", body: "There", period: [dayjs("2026-01-01 09:30"), dayjs("2026-01-02 09:30")] },
      ZONE,
    );
    // 09:30 in Kuala Lumpur (UTC+8) is 01:30 UTC.
    expect(body).toEqual({
      title: "Hi",
      body: "There",
      button_text: "",
      skin: "grey_white",
      animation: "zoom",
      starts_at: Date.UTC(2026, 0, 1, 1, 30) / 1000,
      ends_at: Date.UTC(2026, 0, 2, 1, 30) / 1000,
      shop_ids: [],
    });
  });
});
