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

/**
 * Event ids as a controller without storage makes them: a counter that starts again at every boot,
 * with a boot id that does not (the protocol keys events on device, boot id and id), so the server's
 * de-duplication of QoS 1 redeliveries never swallows a new event.
 */
export class EventIds {
  private counter = 0;
  private bootId = newBootId();

  /** A power cycle: a new boot, the counter from the start. */
  reboot(): void {
    this.bootId = newBootId();
    this.counter = 0;
  }

  next(): { id: string; boot: string } {
    this.counter++;
    return { id: this.counter.toString(36), boot: this.bootId };
  }
}

function newBootId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, "0")}`.slice(-16);
}

export function eventOf(body: EventBody, ids: { id: string; boot: string }): DeviceEvent {
  return { ...body, v: 1, id: ids.id, boot: ids.boot, ts: unixSeconds() };
}
