import {
  formatMoney,
  localDate,
  type MachineType,
  nowSeconds,
  type PromotionItem,
  type PromotionKind,
  type PromotionSettings,
  parseMoney,
  promotionCreateRequest,
  promotionSettings,
} from "@washboard/shared";
import dayjs, { type Dayjs } from "dayjs";
import type { z } from "zod";
import { zonedDayjs, zonedSeconds } from "./zoned-time";

/** The amounts a kind's settings may hold, typed as text in the vendor's currency. */
export const MONEY_SETTINGS = ["gift_amount", "top_up_amount", "price", "earn_per", "point_value"] as const;
export type MoneySetting = (typeof MONEY_SETTINGS)[number];
/** The whole numbers a kind's settings may hold. */
export const COUNT_SETTINGS = ["percent_off", "validity_days", "free_washes", "free_dries"] as const;
export type CountSetting = (typeof COUNT_SETTINGS)[number];

/** Each kind's own fields, in the order the dialog shows them (spec §3). */
export const KIND_FIELDS: Record<PromotionKind, readonly (MoneySetting | CountSetting)[]> = {
  timelimit: ["percent_off"],
  firstfree: [],
  referfriend: ["gift_amount"],
  dis_card: ["percent_off", "validity_days"],
  present: ["gift_amount"],
  bonus: ["top_up_amount", "gift_amount"],
  washdry: ["free_washes", "free_dries", "price"],
  point: ["earn_per", "point_value"],
};

export const isMoneySetting = (field: string): field is MoneySetting =>
  (MONEY_SETTINGS as readonly string[]).includes(field);

/**
 * The server's schema of one setting of one kind (the contract's `promotionSettings`), so the form
 * refuses what the server refuses, with its message.
 */
export function settingSchema(kind: PromotionKind, field: MoneySetting | CountSetting): z.ZodType {
  const option = promotionSettings.options.find((o) => o.shape.kind.value === kind);
  const schema = (option?.shape as Record<string, z.ZodType> | undefined)?.[field];
  if (!schema) throw new Error(`${kind} has no setting ${field}`);
  return schema;
}

/** The server's rules of a promotion's other fields. */
export const promotionFieldRules = promotionCreateRequest.shape;

export type PeriodValue = [Dayjs | null, Dayjs | null] | null | undefined;

/** The dialog's form: the period as wall-clock times of the vendor's zone, amounts as typed text. */
export interface PromotionForm
  extends Partial<Record<MoneySetting, string>>,
    Partial<Record<CountSetting, number | null>> {
  name: string;
  period: PeriodValue;
  shop_ids: number[];
  machine_types: MachineType[];
}

/** A new promotion (or announcement) runs from today's start, in the vendor's zone, for a month. */
export function defaultPeriod(timeZone: string): [Dayjs, Dayjs] {
  const start = dayjs(localDate(nowSeconds(), timeZone));
  return [start, start.add(1, "month")];
}

export function toForm(
  kind: PromotionKind,
  item: PromotionItem | null,
  currency: string,
  timeZone: string,
): PromotionForm {
  if (!item) {
    const blank: PromotionForm = { name: "", period: defaultPeriod(timeZone), shop_ids: [], machine_types: [] };
    for (const field of KIND_FIELDS[kind]) {
      if (isMoneySetting(field)) blank[field] = "";
      else blank[field] = field === "free_washes" || field === "free_dries" ? 0 : null;
    }
    return blank;
  }
  const form: PromotionForm = {
    name: item.name,
    period: [zonedDayjs(item.starts_at, timeZone), zonedDayjs(item.ends_at, timeZone)],
    shop_ids: item.shop_ids,
    machine_types: item.machine_types as MachineType[],
  };
  const settings = item.settings as Record<string, unknown>;
  for (const field of KIND_FIELDS[kind]) {
    const value = settings[field];
    if (typeof value !== "number") continue;
    if (isMoneySetting(field)) form[field] = formatMoney(value, currency, { hideSymbol: true });
    else form[field] = value;
  }
  return form;
}

/** The period picked, as the call's instants; -1 for a missing end, which the rules refuse first. */
export function periodSeconds(period: PeriodValue, timeZone: string): { starts_at: number; ends_at: number } {
  const [start, end] = period ?? [null, null];
  return {
    starts_at: start ? zonedSeconds(start, timeZone) : -1,
    ends_at: end ? zonedSeconds(end, timeZone) : -1,
  };
}

/**
 * The create call's payload from a validated form. The form's rules have checked every field;
 * anything unparseable still becomes -1, which the server refuses rather than saving it.
 */
export function toBody(
  kind: PromotionKind,
  form: PromotionForm,
  currency: string,
  timeZone: string,
): z.input<typeof promotionCreateRequest> {
  const settings: Record<string, unknown> = { kind };
  for (const field of KIND_FIELDS[kind]) {
    if (isMoneySetting(field)) settings[field] = parseMoney(form[field] ?? "", currency) ?? -1;
    else settings[field] = form[field] ?? -1;
  }
  return {
    name: form.name,
    ...periodSeconds(form.period, timeZone),
    shop_ids: form.shop_ids ?? [],
    machine_types: form.machine_types ?? [],
    settings: settings as PromotionSettings,
  };
}

/**
 * The message of a period's rule, or undefined when it is valid: both ends required, then the
 * server's own rule of `schema`'s create call (its end after its start), run on the period alone
 * with `rest` filling the call's other fields.
 */
export function periodIssueOf(
  schema: z.ZodType,
  rest: Record<string, unknown>,
  period: PeriodValue,
  timeZone: string,
): string | undefined {
  const [start, end] = period ?? [null, null];
  if (!start || !end) return "validation.required";
  const check = schema.safeParse({ ...rest, ...periodSeconds(period, timeZone) });
  if (check.success) return undefined;
  return check.error.issues.find((issue) => issue.path[0] === "starts_at" || issue.path[0] === "ends_at")?.message;
}

/** The period rule of a promotion. */
export function periodIssue(period: PeriodValue, timeZone: string): string | undefined {
  return periodIssueOf(promotionCreateRequest, { name: "-", settings: { kind: "firstfree" } }, period, timeZone);
}
