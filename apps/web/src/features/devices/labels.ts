import {
  type CommandItem,
  type CommandStateName,
  type DevicePresenceName,
  describeFault,
  formatMoney,
} from "@washboard/shared";
import { i18next } from "../../app/i18n";

import type { MoneyDisplay } from "../../app/session/useMoneyDisplay";

export type { MoneyDisplay };

export function money(minor: number, display: MoneyDisplay): string {
  return formatMoney(minor, display.currency, { hideSymbol: display.hideSymbol });
}

/** A command kind (`restart`, `remote_start`, …) in the interface language. */
export function commandKindLabel(kind: string): string {
  return i18next.t(`devices.kinds.${kind}`, { defaultValue: kind });
}

/**
 * The tag colour of each command state: running blue, success green, failure red, no answer
 * magenta. Named colours, whose text the console theme keeps at AA contrast (not the status presets).
 */
export const STATE_COLOR: Record<CommandStateName, string> = {
  queued: "default",
  sent: "blue",
  succeeded: "green",
  failed: "red",
  timed_out: "magenta",
  expired: "default",
};

export function commandStateLabel(state: CommandStateName): string {
  return i18next.t(`devices.states.${state}`);
}

/** The machine answered after the command was declared timed out: its state is its real answer, given late. */
export function isLateAnswer(command: Pick<CommandItem, "state" | "late">): boolean {
  return command.late && (command.state === "succeeded" || command.state === "failed");
}

/**
 * A command's state as the operator reads it; a late answer says so ("Answered late: succeeded"),
 * so nobody takes the earlier "no answer" for the last word.
 */
export function commandOutcomeLabel(command: Pick<CommandItem, "state" | "late">): string {
  return isLateAnswer(command) ? i18next.t(`devices.late.${command.state}`) : commandStateLabel(command.state);
}

/** The state and why, in one line: "Answered late: failed — Machine is busy". */
export function commandOutcomeText(command: Pick<CommandItem, "state" | "late" | "reason">): string {
  return [commandOutcomeLabel(command), command.reason ? reasonLabel(command.reason) : ""].filter(Boolean).join(" — ");
}

/**
 * The tag colour of each presence: online green; offline and unknown neutral (unknown is no
 * fault of the machine: the server lost the broker and has not heard it since).
 */
export const PRESENCE_COLOR: Record<DevicePresenceName, string> = {
  online: "green",
  offline: "default",
  unknown: "default",
};

/** What the server knows of a device's connection, in the interface language. */
export function presenceLabel(presence: DevicePresenceName): string {
  return i18next.t(`devices.state.${presence}`);
}

/**
 * A reported fault as an attendant reads it: its meaning with the code (the code is what the
 * machine's own display shows) and the first thing to check; a code the machine's type does not
 * list is named as reported, with where to look it up.
 */
export function faultTexts(machineType: string, code: string): { known: boolean; label: string; help: string } {
  const fault = describeFault(machineType, code);
  if (!fault.known) {
    return {
      known: false,
      label: i18next.t("devices.state.fault", { code: fault.code }),
      help: i18next.t(fault.unknownKey, { code: fault.code }),
    };
  }
  return { known: true, label: `${i18next.t(fault.meaningKey)} (${fault.code})`, help: i18next.t(fault.checkKey) };
}

/** Why a command failed (`offline`, `broker_unreachable`, or the device's refusal) in the interface language; a reason this console does not know as sent. */
export function reasonLabel(reason: string): string {
  return i18next.t(`devices.reasons.${reason}`, { defaultValue: reason });
}

export function startTypeLabel(type: string): string {
  return i18next.t(`devices.startTypes.${type}`, { defaultValue: type });
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** What a command asked for, in one line: the program and price of a start, the values set. */
export function argsText(command: CommandItem, display: MoneyDisplay): string {
  const args = command.args;
  if (command.kind === "remote_start") {
    const parts = [
      typeof args.start_type === "string" ? startTypeLabel(args.start_type) : "",
      typeof args.program === "string" ? args.program : "",
      typeof args.price === "number" ? money(args.price, display) : "",
      typeof args.minutes === "number" ? i18next.t("devices.minutesShort", { minutes: args.minutes }) : "",
    ];
    return parts.filter(Boolean).join(" · ");
  }
  if (command.kind === "set_params" && isRecord(args.params)) {
    return Object.entries(args.params)
      .map(([name, value]) => `${name} = ${String(value)}`)
      .join(", ");
  }
  return "";
}

/** What a device answered besides yes: the cash box an audit read, or what a reset emptied. */
export function resultText(command: CommandItem, display: MoneyDisplay): string {
  const card = command.result?.card;
  if (isRecord(card) && typeof card.card_number === "string") {
    return i18next.t("devices.cardActedOn", { card: card.card_number });
  }
  const cashbox = command.result?.cashbox;
  if (!isRecord(cashbox) || typeof cashbox.current !== "number" || typeof cashbox.cumulative !== "number") return "";
  // A reset answers the cash box as it was before emptying it.
  return i18next.t(command.kind === "cashbox_reset" ? "devices.cashboxEmptied" : "devices.cashboxRead", {
    current: money(cashbox.current, display),
    cumulative: money(cashbox.cumulative, display),
  });
}
