import { z } from "zod";

/**
 * Payloads of the device protocol, version 1. Every message is a JSON object whose `v` says the
 * version, so a later version can be told apart and a device can refuse what it does not know.
 * Amounts are integers in the minor unit of the vendor's currency (the device knows no currency);
 * times are Unix seconds.
 */
const v = z.literal(1);
/**
 * Latest time any message may carry (2100-01-01): far beyond any real clock, and well inside what the
 * server's database and every language's date type can hold. A controller with a clock that is only
 * wrong (say 1970 after a flat battery) is still understood; see `ts` of events for what happens then.
 */
export const EPOCH_SECONDS_MAX = 4_102_444_800;
const seconds = z.number().int().nonnegative().max(EPOCH_SECONDS_MAX);
/** Largest amount on the wire: a signed 32-bit register, the widest a controller keeps. */
export const AMOUNT_MAX = 2_147_483_647;
const amount = z.number().int().nonnegative().max(AMOUNT_MAX);
/**
 * Text a device sends: no control characters (U+0000 cannot be stored at all, the others are never
 * meant) and no unpaired UTF-16 surrogates (they are not text and cannot be encoded as UTF-8).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point.
const CONTROL_OR_LONE_SURROGATE = /[\u0000-\u001f\u007f]|\p{Surrogate}/u;
export function protocolText(min: number, max: number) {
  return z
    .string()
    .min(min)
    .max(max)
    .refine((text) => !CONTROL_OR_LONE_SURROGATE.test(text), { message: "control character or lone surrogate" });
}
/** An id a device or the server makes up: unique where the protocol says, 1–64 characters of text. */
const messageId = protocolText(1, 64);
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
const faultCode = protocolText(1, 32).nullable();
/** A firmware version as the machine names it ("2.0.1"). */
const firmwareVersion = protocolText(1, 32);
/** A program's name on the machine's menu. */
const programName = protocolText(1, 64);
/** A card's printed number. */
const cardNumber = protocolText(1, 32);

// ── up: status (retained; the last will says offline) ──────────────────────────────────────────────

export const statusMessage = z.object({
  v,
  online: z.boolean(),
  busy: z.boolean().optional(),
  fault: faultCode.optional(),
  firmware: firmwareVersion.optional(),
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

/**
 * Why a firmware update failed, as a machine says in `firmware_progress` (`reason`). The transient
 * ones may succeed when tried again (the server retries them after a backoff); the permanent ones
 * would fail the same way. A reason not listed here is taken as permanent.
 */
export const FIRMWARE_FAILURES_TRANSIENT = ["download_interrupted", "timeout", "power_loss"] as const;
export const FIRMWARE_FAILURES_PERMANENT = ["hash_mismatch", "incompatible_model", "rolled_back"] as const;
export type FirmwareFailure =
  | (typeof FIRMWARE_FAILURES_TRANSIENT)[number]
  | (typeof FIRMWARE_FAILURES_PERMANENT)[number];

/**
 * Which run of the controller's software an event comes from: a controller whose event counter
 * starts again at every power-up sends a new boot id each time, and its ids are then unique per
 * (device, boot id). Letters, digits, `-` and `_`.
 */
export const BOOT_ID_PATTERN = /^[A-Za-z0-9_-]{1,16}$/;

const eventBase = {
  v,
  /** Unique per device (per device and boot id when `boot` is sent); a repeated id is the same event. */
  id: messageId,
  boot: z.string().regex(BOOT_ID_PATTERN).optional(),
  ts: seconds,
};

export const deviceEvent = z.discriminatedUnion("type", [
  z.object({
    ...eventBase,
    type: z.literal("cycle_started"),
    program: programName,
    price: amount,
    minutes: z.number().int().min(0).max(1440),
    start_type: z.enum(START_TYPES),
    command_id: messageId.optional(),
  }),
  z.object({ ...eventBase, type: z.literal("cycle_finished"), program: programName }),
  z.object({ ...eventBase, type: z.literal("coin_inserted"), amount }),
  z.object({ ...eventBase, type: z.literal("note_inserted"), amount }),
  z.object({ ...eventBase, type: z.literal("card_used"), card_number: cardNumber, amount }),
  z.object({ ...eventBase, type: z.literal("cashbox_collected"), amount }),
  // A kiosk credited a card with what the customer paid in (the coins and notes before it).
  z.object({ ...eventBase, type: z.literal("card_topped_up"), card_number: cardNumber, amount }),
  // A coin exchanger paid out coins for what the customer put in.
  z.object({ ...eventBase, type: z.literal("change_given"), amount }),
  z.object({
    ...eventBase,
    type: z.literal("firmware_progress"),
    version: firmwareVersion,
    stage: z.enum(FIRMWARE_STAGES),
    percent: z.number().int().min(0).max(100),
    // Free text within a pattern, not an enum: a controller may know reasons this version does not.
    reason: z
      .string()
      .regex(/^[a-z][a-z0-9_]{0,31}$/)
      .optional(),
  }),
]);
export type DeviceEvent = z.infer<typeof deviceEvent>;
export type DeviceEventType = DeviceEvent["type"];

// ── down: commands ─────────────────────────────────────────────────────────────────────────────────

const commandBase = {
  v,
  /** The command's id; a device acts on an id once and answers a repeat with its first answer. */
  id: messageId,
  /** The server's clock when it sent the command: a device whose clock differs judges expiry by it. */
  sent_at: seconds,
  /** After this time the device must not act on the command (it answers `expired`). */
  expires_at: seconds,
};

export const deviceCommand = z.discriminatedUnion("kind", [
  z.object({ ...commandBase, kind: z.literal("restart") }),
  z.object({
    ...commandBase,
    kind: z.literal("remote_start"),
    start_type: z.enum(COMMAND_START_TYPES),
    program: programName,
    price: amount,
    minutes: z.number().int().min(1).max(1440).optional(),
  }),
  z.object({ ...commandBase, kind: z.literal("cashbox_audit") }),
  z.object({ ...commandBase, kind: z.literal("cashbox_reset") }),
  z.object({ ...commandBase, kind: z.literal("set_params"), params: machineParams }),
  z.object({
    ...commandBase,
    kind: z.literal("firmware_notice"),
    version: firmwareVersion,
    url: z.string().url().max(512),
    size: z.number().int().min(1).max(2_147_483_647).optional(),
    sha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
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
    id: messageId,
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
    id: messageId,
    ok: z.literal(false),
    reason: z.enum(REFUSAL_REASONS),
    detail: protocolText(0, 200).optional(),
  }),
]);
export type CommandAck = z.infer<typeof commandAck>;

// ── shadow ─────────────────────────────────────────────────────────────────────────────────────────

/** What the device reports of itself: its parameters, cash box and firmware (sent on connect and on change). */
export const reportedShadow = z.object({
  v,
  params: machineParams,
  cashbox: cashBox,
  firmware: firmwareVersion,
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
