import { DEVICE_EVENT_TYPES, type DeviceLogItem, formatTimestamp } from "@washboard/shared";
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

/** The topic kinds a refused message can come on, by their catalogue names. */
const REFUSED_KIND_KEYS: Readonly<Record<string, string>> = {
  status: "status",
  event: "event",
  ack: "ack",
  "shadow/reported": "shadowReported",
};

/** Why the server refused a machine's message (`cycle_ceiling`, …), or the code as sent when this console does not know it. */
export function refusalLabel(code: string): string {
  if (!code) return "";
  return i18next.t(`deviceLog.refusals.${code}`, { defaultValue: code });
}

function refusedKindLabel(kind: string): string {
  const key = REFUSED_KIND_KEYS[kind];
  return key ? i18next.t(`deviceLog.refusedKinds.${key}`) : kind;
}

/** What a refusal meant for the money: no order made, nothing credited (the codes that concern money). */
function refusalConsequence(code: string): string {
  const key = `deviceLog.refusalNotes.${code}`;
  return i18next.exists(key) ? i18next.t(key) : "";
}

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
    case "message_refused": {
      const refusal = refusalLabel(text(d.code));
      return text(d.kind)
        ? i18next.t("deviceLog.refused", { kind: refusedKindLabel(text(d.kind)), refusal })
        : i18next.t("deviceLog.refusedNoKind", { refusal });
    }
    default:
      return (
        Object.entries(d)
          // The machine's clock is shown apart (detailsNotes).
          .filter(([name]) => name !== "device_ts")
          .map(([name, value]) => `${name} = ${typeof value === "string" ? value : JSON.stringify(value)}`)
          .join(", ")
      );
  }
}

/**
 * What a row says besides its one line, each shown below it as secondary text: for a refused
 * message, what it meant (no order made, nothing credited) and why — the amount and the ceiling it
 * passed in the vendor's currency, else the server's own reason (English, technical); for an event
 * whose machine clock was not believed — the time shown is when the server received it — the
 * machine's own time, in the vendor's time zone.
 */
export function detailsNotes(
  item: Pick<DeviceLogItem, "type" | "details">,
  timeZone: string,
  display: MoneyDisplay,
): string[] {
  const d = item.details;
  const notes: string[] = [];
  if (item.type === "message_refused") {
    const why =
      isNumber(d.amount) && isNumber(d.ceiling)
        ? i18next.t("deviceLog.aboveCeiling", { amount: money(d.amount, display), ceiling: money(d.ceiling, display) })
        : text(d.reason);
    notes.push(refusalConsequence(text(d.code)), why);
  }
  if (isNumber(d.device_ts)) {
    notes.push(i18next.t("deviceLog.machineClock", { time: formatTimestamp(d.device_ts, timeZone) }));
  }
  return notes.filter(Boolean);
}

/** The row's details as one text, its notes after its line: what exports write. */
export function detailsExportText(
  item: Pick<DeviceLogItem, "type" | "details">,
  display: MoneyDisplay,
  timeZone: string,
): string {
  return [detailsText(item, display), ...detailsNotes(item, timeZone, display)].filter(Boolean).join(" — ");
}
