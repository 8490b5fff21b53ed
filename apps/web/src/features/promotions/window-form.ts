import {
  formatMoney,
  type MachineType,
  type PriceWindowItem,
  parseMoney,
  priceWindowCreateRequest,
} from "@washboard/shared";
import dayjs, { type Dayjs } from "dayjs";
import type { z } from "zod";

/** The time-of-day price form: times as picked, a fixed price as typed text. */
export interface PriceWindowForm {
  name: string;
  days: number[];
  from: Dayjs | null;
  to: Dayjs | null;
  mode: "percent_off" | "price";
  percent_off: number | null;
  price: string;
  shop_ids: number[];
  machine_types: MachineType[];
  enabled: boolean;
}

/** The server's rules of the form's fields. */
export const windowFieldRules = priceWindowCreateRequest.shape;

/** "HH:MM" of a picked time (empty when none). */
export const clockText = (time: Dayjs | null | undefined) => (time ? time.format("HH:mm") : "");

/** A clock time "HH:MM" as the time picker holds it. */
const pickerTime = (clock: string) => dayjs(`2000-01-01 ${clock}`);

export function toWindowForm(item: PriceWindowItem | null, currency: string): PriceWindowForm {
  if (!item) {
    return {
      name: "",
      days: [1, 2, 3, 4, 5],
      from: pickerTime("06:00"),
      to: pickerTime("09:00"),
      mode: "percent_off",
      percent_off: null,
      price: "",
      shop_ids: [],
      machine_types: [],
      enabled: true,
    };
  }
  return {
    name: item.name,
    days: item.days,
    from: pickerTime(item.from),
    to: pickerTime(item.to),
    mode: item.change.mode,
    percent_off: item.change.mode === "percent_off" ? item.change.percent_off : null,
    price: item.change.mode === "price" ? formatMoney(item.change.price, currency, { hideSymbol: true }) : "",
    shop_ids: item.shop_ids,
    machine_types: item.machine_types as MachineType[],
    enabled: item.enabled,
  };
}

/** The create call's payload from a validated form (anything unparseable still fails on the server). */
export function toWindowBody(form: PriceWindowForm, currency: string): z.input<typeof priceWindowCreateRequest> {
  return {
    name: form.name,
    days: form.days ?? [],
    from: clockText(form.from),
    to: clockText(form.to),
    shop_ids: form.shop_ids ?? [],
    machine_types: form.machine_types ?? [],
    change:
      form.mode === "price"
        ? { mode: "price", price: parseMoney(form.price ?? "", currency) ?? -1 }
        : { mode: "percent_off", percent_off: form.percent_off ?? -1 },
    enabled: form.enabled ?? true,
  };
}

/**
 * The message of the end time's rule, or undefined: a clock time, then the server's own rule of the
 * create call (the end differs from the start), run on the two times alone.
 */
export function windowEndIssue(from: Dayjs | null | undefined, to: Dayjs | null | undefined): string | undefined {
  const own = windowFieldRules.to.safeParse(clockText(to));
  if (!own.success) return own.error.issues[0]?.message;
  if (!from) return undefined;
  const check = priceWindowCreateRequest.safeParse({
    name: "-",
    days: [0],
    from: clockText(from),
    to: clockText(to),
    change: { mode: "percent_off", percent_off: 10 },
  });
  if (check.success) return undefined;
  return check.error.issues.find((issue) => issue.path[0] === "to")?.message;
}
