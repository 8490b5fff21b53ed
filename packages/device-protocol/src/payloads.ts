import { z } from "zod";

/**
 * Payloads of the device protocol, version 1. Every message is a JSON object whose `v` says the
 * version, so a later version can be told apart and a device can refuse what it does not know.
 * Amounts are integers in the minor unit of the vendor's currency (the device knows no currency);
 * times are Unix seconds.
 */
const v = z.literal(1);
const seconds = z.number().int().nonnegative();
const amount = z.number().int().nonnegative().max(2_147_483_647);
/** Spec §9: machine values are below 65535. */
export const MACHINE_VALUE_MAX = 65_534;
export const machineValue = z.number().int().min(0).max(MACHINE_VALUE_MAX);
/** A parameter name: short and plain, so it can be shown and stored as given. */
export const PARAM_NAME_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const paramName = z.string().regex(PARAM_NAME_PATTERN);
export const machineParams = z.record(paramName, machineValue);
export type MachineParams = z.infer<typeof machineParams>;

export const cashBox = z.object({ current: amount, cumulative: amount });

/** A card in a machine's own card reader: its chip's UID (hex) and printed number. */
export const readerCard = z.object({
  uuid: z.string().regex(/^([0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})$/),
  card_number: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,31}$/),
});
export type ReaderCard = z.infer<typeof readerCard>;
export type CashBox = z.infer<typeof cashBox>;

/** A fault code as the machine reports it (E01, DOOR, …); null or absent when the machine is normal. */
const faultCode = z.string().min(1).max(32).nullable();

// ── up: status (retained; the last will says offline) ──────────────────────────────────────────────

export const statusMessage = z.object({
  v,
  online: z.boolean(),
  busy: z.boolean().optional(),
  fault: faultCode.optional(),
  firmware: z.string().min(1).max(32).optional(),
  ts: seconds.optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

/** What a device leaves with the broker at connect, published when its connection is lost. */
export const LAST_WILL: StatusMessage = { v: 1, online: false };

// ── up: events ─────────────────────────────────────────────────────────────────────────────────────

/** How a cycle was started: at the machine (coins, a card) or remotely (spec §4 start types). */
export const START_TYPES = [
  "coins",
  "card",
  "free_start",
  "remote_card_issue",
  "remote_card_topup",
  "bluetooth_start",
  // A start a customer paid for online (a pay QR code): the order exists before the cycle does.
  "online_payment",
] as const;
export type StartType = (typeof START_TYPES)[number];
/** The start types a remote start may ask for (spec §4). */
export const REMOTE_START_TYPES = ["free_start", "remote_card_issue", "remote_card_topup", "bluetooth_start"] as const;
export type RemoteStartType = (typeof REMOTE_START_TYPES)[number];
/** What a remote_start command may carry: an operator's start types, and the start an order paid for. */
export const COMMAND_START_TYPES = [...REMOTE_START_TYPES, "online_payment"] as const;

export const FIRMWARE_STAGES = ["downloading", "installing", "done", "failed"] as const;

const eventBase = {
  v,
  /** Unique per device; a repeated id (QoS 1 redelivery) is the same event. */
  id: z.string().min(1).max(64),
  ts: seconds,
};

export const deviceEvent = z.discriminatedUnion("type", [
  z.object({
    ...eventBase,
    type: z.literal("cycle_started"),
    program: z.string().min(1).max(64),
    price: amount,
    minutes: z.number().int().min(0).max(1440),
    start_type: z.enum(START_TYPES),
    command_id: z.string().max(64).optional(),
  }),
  z.object({ ...eventBase, type: z.literal("cycle_finished"), program: z.string().min(1).max(64) }),
  z.object({ ...eventBase, type: z.literal("coin_inserted"), amount }),
  z.object({ ...eventBase, type: z.literal("note_inserted"), amount }),
  z.object({ ...eventBase, type: z.literal("card_used"), card_number: z.string().min(1).max(32), amount }),
  z.object({ ...eventBase, type: z.literal("cashbox_collected"), amount }),
  // A kiosk credited a card with what the customer paid in (the coins and notes before it).
  z.object({ ...eventBase, type: z.literal("card_topped_up"), card_number: z.string().min(1).max(32), amount }),
  // A coin exchanger paid out coins for what the customer put in.
  z.object({ ...eventBase, type: z.literal("change_given"), amount }),
  z.object({
    ...eventBase,
    type: z.literal("firmware_progress"),
    version: z.string().min(1).max(32),
    stage: z.enum(FIRMWARE_STAGES),
    percent: z.number().int().min(0).max(100),
  }),
]);
export type DeviceEvent = z.infer<typeof deviceEvent>;
export type DeviceEventType = DeviceEvent["type"];

// ── down: commands ─────────────────────────────────────────────────────────────────────────────────

const commandBase = {
  v,
  /** The command's id; a device acts on an id once and answers a repeat with its first answer. */
  id: z.string().min(1).max(64),
  /** After this time the device must not act on the command (it answers `expired`). */
  expires_at: seconds,
};

export const deviceCommand = z.discriminatedUnion("kind", [
  z.object({ ...commandBase, kind: z.literal("restart") }),
  z.object({
    ...commandBase,
    kind: z.literal("remote_start"),
    start_type: z.enum(COMMAND_START_TYPES),
    program: z.string().min(1).max(64),
    price: amount,
    minutes: z.number().int().min(1).max(1440).optional(),
  }),
  z.object({ ...commandBase, kind: z.literal("cashbox_audit") }),
  z.object({ ...commandBase, kind: z.literal("cashbox_reset") }),
  z.object({ ...commandBase, kind: z.literal("set_params"), params: machineParams }),
  z.object({
    ...commandBase,
    kind: z.literal("firmware_notice"),
    version: z.string().min(1).max(32),
    url: z.string().url().max(512),
  }),
]);
export type DeviceCommand = z.infer<typeof deviceCommand>;
export type CommandKind = DeviceCommand["kind"];
export const COMMAND_KINDS = [
  "restart",
  "remote_start",
  "cashbox_audit",
  "cashbox_reset",
  "set_params",
  "firmware_notice",
] as const satisfies readonly CommandKind[];

// ── up: acknowledgements ───────────────────────────────────────────────────────────────────────────

/** Why a device refused a command. */
export const REFUSAL_REASONS = ["busy", "fault", "expired", "unsupported", "invalid", "not_ready"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

export const commandAck = z.discriminatedUnion("ok", [
  z.object({
    v,
    id: z.string().min(1).max(64),
    ok: z.literal(true),
    /** Audit and reset answer the cash box as it was read (reset: before emptying). */
    cashbox: cashBox.optional(),
    /**
     * A remote card issue or top-up answers the card its own reader acted on: the card it issued,
     * or the card it topped up with the start's price.
     */
    card: readerCard.optional(),
  }),
  z.object({
    v,
    id: z.string().min(1).max(64),
    ok: z.literal(false),
    reason: z.enum(REFUSAL_REASONS),
    detail: z.string().max(200).optional(),
  }),
]);
export type CommandAck = z.infer<typeof commandAck>;

// ── shadow ─────────────────────────────────────────────────────────────────────────────────────────

/** What the device reports of itself: its parameters, cash box and firmware (sent on connect and on change). */
export const reportedShadow = z.object({
  v,
  params: machineParams,
  cashbox: cashBox,
  firmware: z.string().min(1).max(32),
});
export type ReportedShadow = z.infer<typeof reportedShadow>;

/** What the server wants the parameters to be (retained); `version` grows with every change. */
export const desiredShadow = z.object({ v, version: z.number().int().nonnegative(), params: machineParams });
export type DesiredShadow = z.infer<typeof desiredShadow>;

// ── decoding ───────────────────────────────────────────────────────────────────────────────────────

/** A payload read off the wire with its schema: the value, or why it is not one. */
export function decode<S extends z.ZodType>(
  schema: S,
  payload: Uint8Array | string,
): { ok: true; value: z.infer<S> } | { ok: false; error: string } {
  let json: unknown;
  try {
    json = JSON.parse(typeof payload === "string" ? payload : new TextDecoder().decode(payload));
  } catch {
    return { ok: false, error: "not JSON" };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success)
    return { ok: false, error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") };
  return { ok: true, value: parsed.data };
}

export function encode(message: object): string {
  return JSON.stringify(message);
}
