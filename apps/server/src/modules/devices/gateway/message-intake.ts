import {
  commandAck,
  decode,
  deviceEvent,
  parseDeviceTopic,
  reportedShadow,
  statusMessage,
  type TopicKind,
} from "@washboard/device-protocol";
import type { DeviceMessageRefusal } from "@washboard/shared";
import type { FastifyBaseLogger } from "fastify";
import type { DeviceTrafficMetrics } from "../../../platform/metrics/device-traffic.js";
import type { DeviceCommands } from "../commands/device-commands.js";
import type { DeviceSale } from "../ports.js";
import type { DeadLetters } from "./dead-letters.js";
import type { DeviceDirectory } from "./device-directory.js";
import { eventKeyOf, type LoggedEvent, occurredAt } from "./event-log-writer.js";
import { implausibility } from "./plausibility.js";
import type { ShadowChange, ShadowPatch } from "./shadow-writer.js";

export interface IntakeParts {
  directory: DeviceDirectory;
  commands: () => DeviceCommands;
  shadows: { add(change: ShadowChange): void };
  events: { add(event: LoggedEvent): void };
  sales: { add(sale: DeviceSale): void };
  deadLetters: DeadLetters;
  log: FastifyBaseLogger;
  /** Counts what arrives (what is refused is counted by the dead letters). */
  metrics: DeviceTrafficMetrics;
}

/** Unknown serials are named in the server's log at most this often (a stranger may send thousands). */
const UNKNOWN_SERIAL_LOG_MS = 60_000;

/**
 * What the gateway does with each message from a machine: it decodes it with the protocol's schema,
 * judges what it is worth, and hands it to the writers — the shadow, the device log, the sales, or
 * a command's outcome. What it refuses is set aside as a dead letter with its reason; a machine can
 * neither make the gateway fail nor cost another machine a message.
 *
 * Presence follows what the machine does, not what the broker kept: any message it sends now says
 * it is there (a heartbeat status at least every minute, docs/device-protocol.md), its own offline
 * status or last will says it left; a retained status replayed on subscribing says only what the
 * machine said once: believed when it says "offline", "unknown" at most when it says "online".
 */
export class MessageIntake {
  private lastUnknownLog = 0;
  private unknownSince = 0;
  /** Messages still being handled (a machine's lookup, a command's outcome): a stop waits for them. */
  private readonly handling = new Set<Promise<void>>();

  constructor(private readonly parts: IntakeParts) {}

  receive(topic: string, payload: Buffer, retained: boolean): Promise<void> {
    const handled = this.handle(topic, payload, retained);
    this.handling.add(handled);
    const done = () => void this.handling.delete(handled);
    handled.then(done, done);
    return handled;
  }

  /**
   * Resolves once every message received so far is handed to the writers: a stop waits for this
   * before the writers' last flush, or a message whose machine was still being looked up would be
   * handed over after it and lost.
   */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.handling]);
  }

  private async handle(topic: string, payload: Buffer, retained: boolean): Promise<void> {
    const parsed = parseDeviceTopic(topic);
    // An empty message clears a retained one (a machine removed for good): nothing to record.
    if (!parsed || payload.length === 0) return;
    this.parts.metrics.messageReceived(parsed.kind);
    const device = await this.parts.directory.find(parsed.serial);
    if (!device) return this.unknownSerial(parsed.serial);
    const receivedAt = new Date();
    const heard: ShadowPatch = retained ? {} : { presence: "online", seenAt: receivedAt };
    const patch = (fields: ShadowPatch) =>
      this.parts.shadows.add({
        deviceId: device.id,
        vendorId: device.vendorId,
        serial: parsed.serial,
        source: parsed.kind,
        ...heard,
        ...fields,
      });
    const refuse = (code: DeviceMessageRefusal, reason: string, figures: { amount?: number; ceiling?: number } = {}) =>
      this.parts.deadLetters.add({
        deviceId: device.id,
        vendorId: device.vendorId,
        serial: parsed.serial,
        kind: parsed.kind,
        code,
        reason,
        ...figures,
        payload,
        receivedAt,
      });
    const decoded = this.decode(parsed.kind, payload);
    if (decoded === null) return;
    if (!decoded.ok) {
      refuse("invalid", decoded.error);
      patch({});
      return;
    }
    const message = decoded.value;
    switch (message.topic) {
      case "status": {
        const { online, busy, fault, firmware } = message.value;
        // Retained, "offline" is still true (a machine back since would have said "online" since);
        // "online" is not proof: the machine may have gone while nobody listened. It is at least
        // unknown then, until it speaks.
        const presence = online ? (retained ? "unknown" : "online") : "offline";
        patch({ busy, fault, firmware, presence, ...(retained ? {} : { statusAt: receivedAt }) });
        return;
      }
      case "shadow/reported": {
        const { params, cashbox, firmware } = message.value;
        patch({ params, cashbox, firmware });
        return;
      }
      case "event": {
        const event = message.value;
        const busy = event.type === "cycle_started" ? true : event.type === "cycle_finished" ? false : undefined;
        patch(busy === undefined ? {} : { busy });
        // An unclaimed machine's events belong to nobody yet: its log starts when a vendor claims it.
        if (device.vendorId === null) return;
        const logged: LoggedEvent = {
          deviceId: device.id,
          vendorId: device.vendorId,
          serial: parsed.serial,
          event,
          key: eventKeyOf(event),
          at: occurredAt(event, receivedAt),
        };
        this.parts.events.add(logged);
        const refused = implausibility(device, event);
        if (refused) {
          const { code, reason, ...figures } = refused;
          refuse(code, reason, figures);
        } else this.parts.sales.add(logged);
        return;
      }
      case "ack": {
        patch({});
        if (device.vendorId === null) return;
        await this.parts.commands().acknowledge(device.id, device.vendorId, message.value);
        return;
      }
    }
  }

  private decode(kind: TopicKind, payload: Buffer) {
    switch (kind) {
      case "status":
        return tagged("status", decode(statusMessage, payload));
      case "shadow/reported":
        return tagged("shadow/reported", decode(reportedShadow, payload));
      case "event":
        return tagged("event", decode(deviceEvent, payload));
      case "ack":
        return tagged("ack", decode(commandAck, payload));
      default:
        // What the server itself sends (cmd, shadow/desired) comes back on no subscription of ours.
        return null;
    }
  }

  private unknownSerial(serial: string): void {
    this.parts.metrics.messageRefused("unknown_serial");
    this.unknownSince++;
    const now = Date.now();
    if (now - this.lastUnknownLog < UNKNOWN_SERIAL_LOG_MS) return;
    this.parts.log.warn(
      { serial, messages: this.unknownSince },
      "messages from serials not in the register (the broker should refuse them)",
    );
    this.lastUnknownLog = now;
    this.unknownSince = 0;
  }
}

/** A decoded message, tagged with its topic so the switch above knows its type. */
function tagged<K extends string, V>(
  topic: K,
  decoded: { ok: true; value: V } | { ok: false; error: string },
): { ok: true; value: { topic: K; value: V } } | { ok: false; error: string } {
  return decoded.ok ? { ok: true, value: { topic, value: decoded.value } } : decoded;
}
