import type { z } from "zod";
import {
  commandAck,
  desiredShadow,
  deviceCommand,
  deviceEvent,
  LAST_WILL,
  reportedShadow,
  statusMessage,
} from "./payloads.js";
import type { TopicKind } from "./topics.js";

/**
 * One realistic message of every kind the protocol has, as a controller maker would see it on the
 * wire: the reference in docs/device-protocol.md, the `examples` of the JSON Schemas the server
 * serves at `/api/device-protocol/`, and a test that each parses with its schema and that no event
 * type, command kind or answer form is left without one.
 */
export interface ProtocolExample {
  /** `status.online`, `event.cycle_started`, `command.restart`, `ack.ok`, `shadow.reported`, … */
  name: string;
  /** The topic it travels on: `wb/v1/d/<serial>/<topicKind>`. */
  topicKind: TopicKind;
  /** up: the machine publishes it; down: the server does. */
  direction: "up" | "down";
  /** The schema it parses with: the member's own, for a member of a discriminated union. */
  schema: z.ZodType;
  example: Record<string, unknown>;
  title: string;
}

type EventType = (typeof deviceEvent.options)[number]["shape"]["type"]["value"];
type CommandKindName = (typeof deviceCommand.options)[number]["shape"]["kind"]["value"];

/** The member of `deviceEvent` of one type. */
export function eventSchema(type: EventType) {
  const member = deviceEvent.options.find((option) => option.shape.type.value === type);
  if (!member) throw new Error(`no event type ${type}`);
  return member;
}

/** The member of `deviceCommand` of one kind. */
export function commandSchema(kind: CommandKindName) {
  const member = deviceCommand.options.find((option) => option.shape.kind.value === kind);
  if (!member) throw new Error(`no command kind ${kind}`);
  return member;
}

/** The member of `commandAck` that says yes (true) or no (false). */
export function ackSchema(ok: boolean) {
  const member = commandAck.options.find((option) => option.shape.ok.value === ok);
  if (!member) throw new Error(`no answer with ok ${ok}`);
  return member;
}

/** An entry whose example the compiler checks against its schema's input type too. */
function entry<S extends z.ZodType>(e: {
  name: string;
  topicKind: TopicKind;
  direction: "up" | "down";
  schema: S;
  example: z.input<S> & Record<string, unknown>;
  title: string;
}): ProtocolExample {
  return e;
}

/** 2026-01-05 08:00:00 UTC: every example happens on the same morning. */
const TS = 1_767_600_000;
/** The controller's boot id: new at every power-up, so its event counter may start again. */
const BOOT = "b7Kq2x";
/** Command ids are the server's UUIDs. */
const COMMAND_IDS = {
  restart: "0b6f3c52-8f0e-4a8e-9d3b-2f6a1c7e4d10",
  remote_start: "5d1e9a47-3c2b-4f6e-8a1d-7b9c0e2f3a41",
  cashbox_audit: "9a2c4e61-7b3d-4c5f-9e8a-1d2b3c4e5f62",
  cashbox_reset: "c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e73",
  set_params: "e7f8a9b0-c1d2-4e3f-9a4b-5c6d7e8f9a84",
  firmware_notice: "f1e2d3c4-b5a6-4978-8b6c-5d4e3f2a1b95",
} as const;
/** A command is sent at `sent_at` and must be carried out within the answer window (10 s by default). */
const SENT_AT = TS + 120;
const EXPIRES_AT = SENT_AT + 10;
/** What a washer runs: its program's time and its price in two 16-bit words (7.00 in minor units 700). */
const PARAMS = { program_minutes: 30, price_lo: 700, price_hi: 0 };
const CASHBOX = { current: 12_500, cumulative: 480_000 };

const up = "up" as const;
const down = "down" as const;
/** An event's envelope: its id (a counter, unique within the boot), the boot and the machine's time. */
const event = <T extends string>(n: number, type: T, ts = TS) =>
  ({ v: 1, id: `e-${String(n).padStart(6, "0")}`, boot: BOOT, ts, type }) as const;
const command = <K extends keyof typeof COMMAND_IDS>(kind: K) =>
  ({ v: 1, id: COMMAND_IDS[kind], kind, sent_at: SENT_AT, expires_at: EXPIRES_AT }) as const;

export const PROTOCOL_EXAMPLES: readonly ProtocolExample[] = [
  entry({
    name: "status.online",
    topicKind: "status",
    direction: up,
    schema: statusMessage,
    title: "Status: online (on connect, on every change and at least every 60 s)",
    example: { v: 1, online: true, busy: false, fault: null, firmware: "2.0.1", ts: TS },
  }),
  entry({
    name: "status.last_will",
    topicKind: "status",
    direction: up,
    schema: statusMessage,
    title: "Status: offline (the last will, and what a machine publishes before a clean disconnect)",
    example: { ...LAST_WILL },
  }),
  entry({
    name: "event.cycle_started",
    topicKind: "event",
    direction: up,
    schema: eventSchema("cycle_started"),
    title: "Event: a cycle started, paid in coins",
    example: {
      ...event(482, "cycle_started"),
      program: "Hot wash",
      price: 700,
      minutes: 30,
      start_type: "coins",
    },
  }),
  entry({
    name: "event.cycle_finished",
    topicKind: "event",
    direction: up,
    schema: eventSchema("cycle_finished"),
    title: "Event: a cycle finished",
    example: { ...event(483, "cycle_finished", TS + 1_800), program: "Hot wash" },
  }),
  entry({
    name: "event.coin_inserted",
    topicKind: "event",
    direction: up,
    schema: eventSchema("coin_inserted"),
    title: "Event: a coin was inserted",
    example: { ...event(480, "coin_inserted", TS - 20), amount: 200 },
  }),
  entry({
    name: "event.note_inserted",
    topicKind: "event",
    direction: up,
    schema: eventSchema("note_inserted"),
    title: "Event: a bank note was inserted",
    example: { ...event(481, "note_inserted", TS - 10), amount: 500 },
  }),
  entry({
    name: "event.card_used",
    topicKind: "event",
    direction: up,
    schema: eventSchema("card_used"),
    title: "Event: a customer paid with a card",
    example: { ...event(484, "card_used", TS + 3_600), card_number: "WB-10023", amount: 700 },
  }),
  entry({
    name: "event.cashbox_collected",
    topicKind: "event",
    direction: up,
    schema: eventSchema("cashbox_collected"),
    title: "Event: the cash box was emptied at the machine",
    example: { ...event(485, "cashbox_collected", TS + 7_200), amount: 12_500 },
  }),
  entry({
    name: "event.card_topped_up",
    topicKind: "event",
    direction: up,
    schema: eventSchema("card_topped_up"),
    title: "Event: a kiosk credited a card",
    example: { ...event(486, "card_topped_up"), card_number: "WB-10023", amount: 5_000 },
  }),
  entry({
    name: "event.change_given",
    topicKind: "event",
    direction: up,
    schema: eventSchema("change_given"),
    title: "Event: a coin exchanger paid out change",
    example: { ...event(487, "change_given"), amount: 1_000 },
  }),
  entry({
    name: "event.firmware_progress",
    topicKind: "event",
    direction: up,
    schema: eventSchema("firmware_progress"),
    title: "Event: progress of a firmware update",
    example: { ...event(488, "firmware_progress"), version: "2.1.0", stage: "installing", percent: 60 },
  }),
  entry({
    name: "command.restart",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("restart"),
    title: "Command: restart the controller",
    example: command("restart"),
  }),
  entry({
    name: "command.remote_start",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("remote_start"),
    title: "Command: start a cycle remotely",
    example: { ...command("remote_start"), start_type: "free_start", program: "Hot wash", price: 700, minutes: 30 },
  }),
  entry({
    name: "command.cashbox_audit",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("cashbox_audit"),
    title: "Command: read the cash box",
    example: command("cashbox_audit"),
  }),
  entry({
    name: "command.cashbox_reset",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("cashbox_reset"),
    title: "Command: read the cash box, then set it to zero",
    example: command("cashbox_reset"),
  }),
  entry({
    name: "command.set_params",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("set_params"),
    title: "Command: set parameters",
    example: { ...command("set_params"), params: PARAMS },
  }),
  entry({
    name: "command.firmware_notice",
    topicKind: "cmd",
    direction: down,
    schema: commandSchema("firmware_notice"),
    title: "Command: a firmware update is available",
    example: {
      ...command("firmware_notice"),
      version: "2.1.0",
      url: "https://firmware.example.com/washer/2.1.0.bin",
      size: 262144,
      sha256: "9f2c1e7a4b3d5f60817263a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8",
    },
  }),
  entry({
    name: "ack.ok",
    topicKind: "ack",
    direction: up,
    schema: ackSchema(true),
    title: "Answer: done (a cash-box audit, with the box as read)",
    example: { v: 1, id: COMMAND_IDS.cashbox_audit, ok: true, cashbox: CASHBOX },
  }),
  entry({
    name: "ack.refused",
    topicKind: "ack",
    direction: up,
    schema: ackSchema(false),
    title: "Answer: refused (a remote start while the machine has fault E01)",
    example: { v: 1, id: COMMAND_IDS.remote_start, ok: false, reason: "fault", detail: "E01" },
  }),
  entry({
    name: "shadow.reported",
    topicKind: "shadow/reported",
    direction: up,
    schema: reportedShadow,
    title: "Reported shadow: what the machine has (on connect and on every change)",
    example: { v: 1, params: PARAMS, cashbox: CASHBOX, firmware: "2.0.1" },
  }),
  entry({
    name: "shadow.desired",
    topicKind: "shadow/desired",
    direction: down,
    schema: desiredShadow,
    title: "Desired shadow: the parameters the server wants (retained)",
    example: { v: 1, version: 7, params: PARAMS },
  }),
];
