import {
  type ADJUSTMENT_KINDS,
  formatMoney,
  machineTypeLabelKey,
  type PopupAnimation,
  type PopupSkin,
  type PROMOTION_STATES,
  type PriceWindowItem,
  type PromotionKind,
  type PromotionSettings,
} from "@washboard/shared";
import { i18next } from "../../app/i18n";
import type { MoneyDisplay } from "../../app/session/useMoneyDisplay";

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

export type PromotionState = (typeof PROMOTION_STATES)[number];
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** A kind's name as spec §3 words it ("Time-limited offer"). */
export function kindLabel(kind: PromotionKind): string {
  return t(`promotions.kinds.${kind}`);
}

export function stateLabel(state: PromotionState): string {
  return t(`promotions.states.${state}`);
}

/** Tag colours: named palette colours, whose text keeps its contrast. */
export const STATE_COLOR: Record<PromotionState, string> = {
  scheduled: "blue",
  active: "green",
  ended: "default",
  disabled: "orange",
};

/** A popup skin's name (spec §9): "Light grey", "Random"… */
export function skinLabel(skin: PopupSkin): string {
  return t(`promotions.announcements.skins.${skin}`);
}

/** A popup animation's name (spec §9): "Smooth zoom", "Drop from top"… */
export function animationLabel(animation: PopupAnimation): string {
  return t(`promotions.announcements.animations.${animation}`);
}

export function adjustmentLabel(kind: AdjustmentKind): string {
  return t(`promotions.adjustments.${kind}`);
}

/** What a promotion gives, in a few words: "30% off", "Top up RM 50.00 → gift RM 10.00". */
export function settingsSummary(settings: PromotionSettings, display: MoneyDisplay): string {
  const money = (minor: number) => formatMoney(minor, display.currency, { hideSymbol: display.hideSymbol });
  switch (settings.kind) {
    case "timelimit":
      return t("promotions.summary.percentOff", { percent: settings.percent_off });
    case "firstfree":
      return t("promotions.summary.firstFree");
    case "referfriend":
      return t("promotions.summary.referFriend", { amount: money(settings.gift_amount) });
    case "dis_card":
      return t("promotions.summary.discountCard", { percent: settings.percent_off, days: settings.validity_days });
    case "present":
      return t("promotions.summary.gift", { amount: money(settings.gift_amount) });
    case "bonus":
      return t("promotions.summary.bonus", { topUp: money(settings.top_up_amount), gift: money(settings.gift_amount) });
    case "washdry":
      return t("promotions.summary.washDry", {
        washes: settings.free_washes,
        dries: settings.free_dries,
        price: money(settings.price),
      });
    case "point":
      return t("promotions.summary.points", { earn: money(settings.earn_per), value: money(settings.point_value) });
  }
}

/** A scope's shops by name ("All shops" when it names none); a shop since removed by its number. */
export function shopsText(shopIds: readonly number[], shopNames: ReadonlyMap<number, string>): string {
  if (shopIds.length === 0) return t("promotions.allShops");
  return shopIds.map((id) => shopNames.get(id) ?? `#${id}`).join(", ");
}

/** A scope's machine types ("All types" when it names none). */
export function typesText(types: readonly string[]): string {
  if (types.length === 0) return t("promotions.allTypes");
  return types.map((type) => t(machineTypeLabelKey(type))).join(", ");
}

/** Both halves of a scope on one line, as exports write it. */
export function scopeText(
  scope: { shop_ids: readonly number[]; machine_types: readonly string[] },
  shopNames: ReadonlyMap<number, string>,
): string {
  return `${shopsText(scope.shop_ids, shopNames)} · ${typesText(scope.machine_types)}`;
}

/** The weekdays as the pickers offer them, Monday first; numbered as JavaScript's getDay (0 Sunday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** A weekday's short name in a language: 7 January 2024 was a Sunday. */
export function weekdayName(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, 0, 7 + day)),
  );
}

/** A window's days, Monday first ("Every day" for all seven). */
export function daysText(days: readonly number[], language: string): string {
  if (WEEK_ORDER.every((day) => days.includes(day))) return t("promotions.windows.everyDay");
  return WEEK_ORDER.filter((day) => days.includes(day))
    .map((day) => weekdayName(day, language))
    .join(", ");
}

/** Whether a window's end is not after its start: it runs on past midnight. */
export function crossesMidnight(window: Pick<PriceWindowItem, "from" | "to">): boolean {
  return window.to <= window.from;
}

/** "22:00–02:00 (until the next day)". */
export function hoursText(window: Pick<PriceWindowItem, "from" | "to">): string {
  const hours = `${window.from}–${window.to}`;
  return crossesMidnight(window) ? t("promotions.windows.overnight", { hours }) : hours;
}

/** What a window does to the list price: "20% off" or "Price RM 3.00". */
export function changeText(change: PriceWindowItem["change"], display: MoneyDisplay): string {
  if (change.mode === "percent_off") return t("promotions.summary.percentOff", { percent: change.percent_off });
  return t("promotions.windows.fixedPrice", {
    price: formatMoney(change.price, display.currency, { hideSymbol: display.hideSymbol }),
  });
}
