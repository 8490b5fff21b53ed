import { DEVICE_EVENT_TYPES, type DeviceLogItem } from "@washboard/shared";
import { i18next } from "../../app/i18n";
import { type MoneyDisplay, money, startTypeLabel } from "../devices/labels";

export type DeviceEventTypeName = (typeof DEVICE_EVENT_TYPES)[number];

/** An event type (`coin_inserted`, …) in the interface language, or as sent when this console does not know it. */
export function eventTypeLabel(type: string): string {
  return i18next.t(`deviceLog.types.${type}`, { defaultValue: type });
}

/** The event types the type filter offers, in the contract's order. */
export const eventTypeOptions = () => DEVICE_EVENT_TYPES.map((type) => ({ value: type, label: eventTypeLabel(type) }));

const text = (value: unknown): string => (typeof value === "string" ? value : "");
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/**
 * What an event says, in one line: the amount of coins, notes, a card or a collection in the
 * vendor's currency; the program, price, run time and start type of a cycle; a firmware update's
 * version, stage and progress. Fields a device left out are left out; an unknown type shows its
 * fields as sent.
 */
export function detailsText(item: Pick<DeviceLogItem, "type" | "details">, display: MoneyDisplay): string {
  const d = item.details;
  const amount = isNumber(d.amount) ? money(d.amount, display) : "";
  const join = (...parts: string[]) => parts.filter(Boolean).join(" · ");
  switch (item.type) {
    case "coin_inserted":
    case "note_inserted":
    case "cashbox_collected":
    case "change_given":
      return amount;
    case "card_used":
    case "card_topped_up":
      return join(text(d.card_number) ? i18next.t("deviceLog.card", { card: text(d.card_number) }) : "", amount);
    case "cycle_started":
      return join(
        text(d.program),
        isNumber(d.price) ? money(d.price, display) : "",
        isNumber(d.minutes) && d.minutes > 0 ? i18next.t("deviceLog.minutes", { minutes: d.minutes }) : "",
        text(d.start_type) ? startTypeLabel(text(d.start_type)) : "",
      );
    case "cycle_finished":
      return text(d.program);
    case "firmware_progress": {
      if (!text(d.version) || !text(d.stage)) return join(text(d.version), text(d.stage));
      return i18next.t("deviceLog.firmware", {
        version: text(d.version),
        stage: i18next.t(`deviceLog.stages.${text(d.stage)}`, { defaultValue: text(d.stage) }),
        percent: isNumber(d.percent) ? d.percent : 0,
      });
    }
    default:
      return Object.entries(d)
        .map(([name, value]) => `${name} = ${typeof value === "string" ? value : JSON.stringify(value)}`)
        .join(", ");
  }
}
