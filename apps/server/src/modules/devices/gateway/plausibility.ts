import type { DeviceEvent } from "@washboard/device-protocol";
import { CARD_CREDIT_MACHINE_TYPES, type DeviceMessageRefusal } from "@washboard/shared";
import type { KnownDevice } from "./device-directory.js";

export interface Implausible {
  code: DeviceMessageRefusal;
  reason: string;
  /** What the machine claimed and the ceiling it passed (minor units), for the console to show as money. */
  amount?: number;
  ceiling?: number;
}

/**
 * Whether an event of a vendor's machine may move money: a cash sale or a card tap above the
 * machine's ceiling per cycle, a card credit above the ceiling per top-up, or a card credit from a
 * machine that cannot take money for cards (only a kiosk sells balance) is refused — a broken or
 * forged controller must not create revenue or balance. Events that move no money pass.
 */
export function implausibility(device: KnownDevice, event: DeviceEvent): Implausible | null {
  const { maxCycleAmount, maxTopUpAmount } = device;
  switch (event.type) {
    case "cycle_started":
      if (event.start_type === "coins" && maxCycleAmount !== null && event.price > maxCycleAmount) {
        return {
          code: "cycle_ceiling",
          reason: `price ${event.price} is above the ceiling of ${maxCycleAmount} per cycle`,
          amount: event.price,
          ceiling: maxCycleAmount,
        };
      }
      return null;
    case "card_used":
      if (maxCycleAmount !== null && event.amount > maxCycleAmount) {
        return {
          code: "cycle_ceiling",
          reason: `amount ${event.amount} is above the ceiling of ${maxCycleAmount} per cycle`,
          amount: event.amount,
          ceiling: maxCycleAmount,
        };
      }
      return null;
    case "card_topped_up":
      if (!CARD_CREDIT_MACHINE_TYPES.includes(device.machineType)) {
        return {
          code: "card_credit_machine",
          reason: `a ${device.machineType} cannot credit cards (only a kiosk can)`,
        };
      }
      if (maxTopUpAmount !== null && event.amount > maxTopUpAmount) {
        return {
          code: "top_up_ceiling",
          reason: `amount ${event.amount} is above the ceiling of ${maxTopUpAmount} per top-up`,
          amount: event.amount,
          ceiling: maxTopUpAmount,
        };
      }
      return null;
    default:
      return null;
  }
}
