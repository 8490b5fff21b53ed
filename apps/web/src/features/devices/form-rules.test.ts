import type { CommandItem, DeviceItem } from "@washboard/shared";
import type { RuleObject } from "antd/es/form";
import { beforeAll, describe, expect, it } from "vitest";
import { moneyRule } from "../../app/forms/money";
import { key, message, ruleMessage, useEnglishCatalogue } from "../../test/form-rules";
import { batchCounts } from "./CommandOutcomes";
import {
  duplicateNames,
  initialParamRows,
  paramFields,
  paramsBody,
  remoteStartBody,
  startFields,
  targetBody,
} from "./command-form";
import { laterOf } from "./device-cache";

beforeAll(useEnglishCatalogue);

const price = (currency: string, value: unknown) =>
  ruleMessage(moneyRule(currency, startFields.price) as RuleObject, value);

const device = (id: number, reported: Record<string, number>, desired: Record<string, number>): DeviceItem => ({
  id,
  serial_number: `WB-${id}`,
  name: `Washer ${id}`,
  machine_number: String(id),
  machine_type: "washer",
  shop_id: 1,
  shop_name: "Bangsar",
  price_template_id: null,
  price_template_name: null,
  online: true,
  presence: "online",
  busy: false,
  fault_code: null,
  firmware: "1.0.0",
  cashbox_current: 0,
  cashbox_cumulative: 0,
  params_reported: reported,
  params_desired: desired,
  responding: true,
  last_seen_at: 1,
  subscription_expires_at: null,
});

describe("remote start form: the contract's rules with translated messages", () => {
  it("price follows the money rules of the other screens, in the vendor's currency", async () => {
    for (const ok of ["0", "0.00", "12.50", "1,200.5"]) expect(await price("MYR", ok), ok).toBeUndefined();
    expect(await price("MYR", "12.505")).toBe(key("validation.amount"));
    expect(await price("MYR", "-1")).toBe(key("validation.amountNotNegative"));
    expect(await price("MYR", "")).toBe(key("validation.required"));
    expect(await price("THB", "40")).toBeUndefined();
    expect(await price("THB", "40.50")).toBe(key("validation.amountWholeUnits"));
    // What the start command can carry: below 2^31 minor units.
    expect(await price("MYR", "21,474,836.47")).toBeUndefined();
    expect(await price("MYR", "21,474,836.48")).toBe(key("validation.amountTooLarge"));
  });

  it("program is required and at most 64 characters; minutes are empty or 1 to 1440", async () => {
    expect(await message(startFields.program, " ")).toBe(key("validation.required"));
    expect(await message(startFields.program, "p".repeat(64))).toBeUndefined();
    expect(await message(startFields.program, "p".repeat(65))).toBe(key("validation.tooLong"));
    for (const ok of [null, undefined, "", 1, 1440]) expect(await message(startFields.minutes, ok)).toBeUndefined();
    for (const bad of [0, 1441, 2.5])
      expect(await message(startFields.minutes, bad)).toBe(key("validation.startMinutes"));
  });

  it("sends the price in minor units and leaves out empty minutes", () => {
    const target = { kind: "devices" as const, devices: [device(4, {}, {})] };
    const form = { start_type: "free_start" as const, program: " hot ", price: "12.50", minutes: null };
    expect(remoteStartBody(form, "MYR", target)).toEqual({
      device_ids: [4],
      start_type: "free_start",
      program: "hot",
      price: 1250,
    });
    expect(remoteStartBody({ ...form, price: "40", minutes: 30 }, "THB", target)).toMatchObject({
      price: 40,
      minutes: 30,
    });
    const shop = { kind: "shop" as const, shopId: 7, shopName: "Bangsar", count: 3, devices: [] };
    expect(targetBody(shop)).toEqual({ shop_id: 7 });
  });
});

describe("parameter form: spec §9 machine values below 65535", () => {
  it("values 0 and 65534 pass; 65535, negatives, fractions and empty fail", async () => {
    expect(await message(paramFields.value, 0)).toBeUndefined();
    expect(await message(paramFields.value, 65534)).toBeUndefined();
    for (const bad of [65535, -1, 1.5])
      expect(await message(paramFields.value, bad)).toBe(key("validation.machineValue"));
    expect(await message(paramFields.value, null)).toBe(key("validation.required"));
  });

  it("names are the protocol's: a lowercase letter, then lowercase letters, digits or _", async () => {
    for (const ok of ["water_level", "t2", "a".repeat(32)]) expect(await message(paramFields.name, ok)).toBeUndefined();
    for (const bad of ["Water", "2t", "water level", "a".repeat(33)]) {
      expect(await message(paramFields.name, bad), bad).toBe(key("validation.paramName"));
    }
    expect(await message(paramFields.name, "")).toBe(key("validation.required"));
  });

  it("one device starts from its desired values over its reported ones; several from one empty row", () => {
    const one = { kind: "devices" as const, devices: [device(1, { temp: 40, spin: 800 }, { temp: 60 })] };
    expect(initialParamRows(one)).toEqual([
      { name: "spin", value: 800 },
      { name: "temp", value: 60 },
    ]);
    const two = { kind: "devices" as const, devices: [device(1, {}, {}), device(2, {}, {})] };
    expect(initialParamRows(two)).toEqual([{ name: "", value: null }]);
    expect(paramsBody({ rows: [{ name: "temp", value: 60 }] }, two)).toEqual({
      device_ids: [1, 2],
      params: { temp: 60 },
    });
    expect([
      ...duplicateNames([
        { name: "a", value: 1 },
        { name: "b", value: 1 },
        { name: "a", value: 2 },
      ]),
    ]).toEqual(["a"]);
  });
});

describe("command outcomes", () => {
  const cmd = (id: string, state: CommandItem["state"]): CommandItem => ({
    id,
    device_id: 1,
    batch_id: "b",
    kind: "restart",
    via: "broker",
    args: {},
    state,
    reason: state === "failed" ? "busy" : null,
    detail: null,
    result: null,
    late: false,
    account_id: null,
    created_at: 1,
    sent_at: null,
    finished_at: null,
    expires_at: 2,
  });

  it("count only what the devices answered as succeeded; waiting until each ends", () => {
    const commands = ["queued", "sent", "succeeded", "failed", "timed_out", "expired"] as const;
    expect(batchCounts(commands.map((s, i) => cmd(String(i), s)))).toEqual({ succeeded: 1, failed: 3, pending: 2 });
  });

  it("keep the later state whichever report arrives first", () => {
    expect(laterOf(cmd("a", "succeeded"), cmd("a", "sent")).state).toBe("succeeded");
    expect(laterOf(cmd("a", "queued"), cmd("a", "sent")).state).toBe("sent");
    expect(laterOf(undefined, cmd("a", "queued")).state).toBe("queued");
  });
});
