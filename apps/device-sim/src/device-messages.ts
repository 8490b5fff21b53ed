import type { CashBox, DeviceEvent, MachineParams, ReportedShadow, StatusMessage } from "@washboard/device-protocol";

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event as a machine produces it; the envelope (`v`, `id`, `ts`) is added when it is sent. */
export type EventBody = DistributiveOmit<DeviceEvent, "v" | "id" | "ts">;

/** What the status and the reported shadow are made of. */
export interface ReportedState {
  busy: boolean;
  fault: string | null;
  cashbox: CashBox;
  params: MachineParams;
  firmware: string;
}

export function unixSeconds(now: number = Date.now()): number {
  return Math.floor(now / 1000);
}

export function onlineStatus(state: ReportedState): StatusMessage {
  return { v: 1, online: true, busy: state.busy, fault: state.fault, firmware: state.firmware, ts: unixSeconds() };
}

export function offlineStatus(): StatusMessage {
  return { v: 1, online: false, ts: unixSeconds() };
}

export function reportedShadowOf(state: ReportedState): ReportedShadow {
  return { v: 1, params: { ...state.params }, cashbox: { ...state.cashbox }, firmware: state.firmware };
}

/** Event ids may be 64 characters: the serial's head, a counter and the clock keep them unique per device. */
const SERIAL_PART = 44;

/**
 * Ids unique per device, also across runs of the simulator (the clock part), so the server's
 * de-duplication of QoS 1 redeliveries never swallows a new event.
 */
export class EventIds {
  private counter = 0;

  constructor(private readonly serial: string) {}

  next(): string {
    this.counter++;
    return `${this.serial.slice(0, SERIAL_PART)}-${this.counter.toString(36)}-${Date.now().toString(36)}`;
  }
}

export function eventOf(body: EventBody, id: string): DeviceEvent {
  return { ...body, v: 1, id, ts: unixSeconds() };
}
