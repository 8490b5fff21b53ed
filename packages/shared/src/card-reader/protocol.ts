import { z } from "zod";
import { TIMING } from "../limits.js";

// The spec §4 timings live with the other business constants (limits.ts); named here for both sides.

/**
 * The card-reader bridge (spec §4): a small program on the counter PC that owns the card reader,
 * and the console that talks to it over a WebSocket on loopback. Both sides read these constants
 * and validate every frame with these schemas. The full description is docs/card-reader-protocol.md.
 */

/** The bridge's WebSocket port on 127.0.0.1; fixed, so the console finds it without setup. */
export const CARD_READER_PORT = 47830;
/** The simulated reader's HTTP port for tapping cards from scripts and tests. */
export const CARD_READER_TAP_PORT = 47831;
/** Wait after a failed connect or a lost connection before trying again. */
export const CARD_READER_RECONNECT_MS = TIMING.cardReaderReconnectMs;
/** Nothing sent or received for this long: the console sends a heartbeat. */
export const CARD_READER_HEARTBEAT_IDLE_MS = TIMING.cardReaderHeartbeatMs;
/** An unanswered request is sent again (same request_id) after this long. */
export const CARD_READER_RESEND_MS = TIMING.cardReaderRetryMs;
/** How many times a request is sent in all before the console gives up on it. */
export const CARD_READER_SEND_TRIES = 3;
/** How many answers the bridge remembers by request_id, so a resent request is never acted on twice. */
export const CARD_READER_ANSWER_MEMORY = 100;
export const CARD_READER_PROTOCOL_VERSION = 1;

/** The heartbeat: plain text frames, not JSON, so that either side can answer them without parsing. */
export const CARD_READER_PING = "ping";
export const CARD_READER_PONG = "pong";

/** The largest balance a card holds, in minor units: a signed 32-bit value block on the card. */
export const CARD_BALANCE_MAX = 2_147_483_647;

/** A card's UID as uppercase hex: 4, 7 or 10 bytes on ISO 14443 type A cards, so 8 to 20 digits. */
export const cardUid = z
  .string()
  .regex(/^(?:[0-9A-F]{2}){4,10}$/, { error: "a card UID is 8 to 20 uppercase hex digits" });

/**
 * A UID as typed by a person or sent by a script: case and separators (spaces, colons, dashes)
 * do not matter. Undefined when what is left is not a UID.
 */
export function normalizeCardUid(text: string): string | undefined {
  const compact = text.replace(/[\s:-]/g, "").toUpperCase();
  return cardUid.safeParse(compact).success ? compact : undefined;
}

export const cardBalance = z.number().int().min(0).max(CARD_BALANCE_MAX);
/** Chosen by the console; a repeated id gets the first answer again. */
export const cardReaderRequestId = z.string().min(1).max(64);
const readerName = z.string().min(1).max(200);

export const cardReaderErrorCode = z.enum([
  "no_reader",
  "no_card",
  "card_changed",
  "write_failed",
  "read_failed",
  "bad_request",
  "unsupported",
]);
export type CardReaderErrorCode = z.infer<typeof cardReaderErrorCode>;

// Bridge → console.

export const cardReaderHello = z.object({
  type: z.literal("hello"),
  version: z.number().int(),
  bridge_version: z.string(),
  readers: z.array(readerName),
  simulated: z.boolean(),
});
export const cardReaderAttached = z.object({ type: z.literal("reader_attached"), reader: readerName });
export const cardReaderRemoved = z.object({ type: z.literal("reader_removed"), reader: readerName });
export const cardPresent = z.object({ type: z.literal("card_present"), reader: readerName, uuid: cardUid });
export const cardRemoved = z.object({ type: z.literal("card_removed"), reader: readerName });
export const cardReadResult = z.object({
  type: z.literal("read_result"),
  request_id: cardReaderRequestId,
  reader: readerName,
  uuid: cardUid,
  /** Null when the card holds no balance yet (a blank card). */
  balance: cardBalance.nullable(),
});
export const cardWriteResult = z.object({
  type: z.literal("write_result"),
  request_id: cardReaderRequestId,
  uuid: cardUid,
  balance: cardBalance,
});
export const cardReaderError = z.object({
  type: z.literal("error"),
  /** Absent when the frame it answers had no readable request_id. */
  request_id: cardReaderRequestId.optional(),
  code: cardReaderErrorCode,
  message: z.string(),
});

export const cardReaderBridgeMessage = z.discriminatedUnion("type", [
  cardReaderHello,
  cardReaderAttached,
  cardReaderRemoved,
  cardPresent,
  cardRemoved,
  cardReadResult,
  cardWriteResult,
  cardReaderError,
]);
export type CardReaderBridgeMessage = z.infer<typeof cardReaderBridgeMessage>;
export type CardReadResult = z.infer<typeof cardReadResult>;
export type CardWriteResult = z.infer<typeof cardWriteResult>;
export type CardReaderErrorMessage = z.infer<typeof cardReaderError>;

// Console → bridge.

export const cardReadRequest = z.object({ type: z.literal("read"), request_id: cardReaderRequestId });
export const cardWriteBalanceRequest = z.object({
  type: z.literal("write_balance"),
  request_id: cardReaderRequestId,
  /** The card the console means: the bridge refuses with card_changed when another one is on the reader. */
  uuid: cardUid,
  balance: cardBalance,
});

export const cardReaderConsoleMessage = z.discriminatedUnion("type", [cardReadRequest, cardWriteBalanceRequest]);
export type CardReaderConsoleMessage = z.infer<typeof cardReaderConsoleMessage>;

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** A frame from the bridge, or undefined when it is not one (the console ignores those). */
export function parseCardReaderBridgeFrame(text: string): CardReaderBridgeMessage | undefined {
  const json = parseJson(text);
  if (!json.ok) return undefined;
  const parsed = cardReaderBridgeMessage.safeParse(json.value);
  return parsed.success ? parsed.data : undefined;
}

export type ParsedConsoleFrame =
  | { ok: true; message: CardReaderConsoleMessage }
  /** request_id is the frame's own when it had a usable one, so the console's request fails at once. */
  | { ok: false; request_id: string | undefined; reason: string };

/** A frame from the console, or why it is refused. */
export function parseCardReaderConsoleFrame(text: string): ParsedConsoleFrame {
  const json = parseJson(text);
  if (!json.ok) return { ok: false, request_id: undefined, reason: "the frame is not JSON" };
  const parsed = cardReaderConsoleMessage.safeParse(json.value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const claimedId =
    typeof json.value === "object" && json.value !== null
      ? cardReaderRequestId.safeParse(Reflect.get(json.value, "request_id"))
      : undefined;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
  return {
    ok: false,
    request_id: claimedId?.success ? claimedId.data : undefined,
    reason: `${where}${issue?.message ?? "not a request"}`,
  };
}
