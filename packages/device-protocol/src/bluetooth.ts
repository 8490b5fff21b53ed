import { z } from "zod";
import { type CommandAck, commandAck, decode, deviceCommand, encode } from "./payloads.js";

/**
 * Bluetooth start (spec §4): a phone next to the machine carries a command the server signed to the
 * machine over Bluetooth Low Energy, and carries the machine's signed answer back. The machine may
 * have no network at all; neither the phone nor anyone on the way can forge or alter either frame.
 *
 * The GATT service (docs/device-protocol.md, "Bluetooth"):
 * - `info` (read): the machine's serial, type, firmware and state, as JSON (`bluetoothInfo`).
 * - `command` (write): a signed frame of a `remote_start` command (`start_type: "bluetooth_start"`).
 * - `result` (notify): the signed frame of the machine's acknowledgement of that command.
 *
 * A frame is `<base64url(JSON)>.<base64url(HMAC-SHA-256(key, first part))>`. The key is the SHA-256
 * of the device's broker secret: the device holds the secret, the server holds exactly this hash.
 * A repeated command id answers the first answer again without acting (as over MQTT), and a command
 * past its `expires_at` is refused, so a captured frame starts nothing a second time.
 */
export const BLUETOOTH_GATT = {
  service: "6e9b0001-3c7a-4f52-9a41-2f8d5b7c1e60",
  info: "6e9b0002-3c7a-4f52-9a41-2f8d5b7c1e60",
  command: "6e9b0003-3c7a-4f52-9a41-2f8d5b7c1e60",
  result: "6e9b0004-3c7a-4f52-9a41-2f8d5b7c1e60",
} as const;

/** A characteristic value holds at most 512 bytes (Bluetooth Core, ATT); every frame fits. */
export const BLUETOOTH_FRAME_MAX = 512;

/** What a machine tells anyone nearby who reads its `info` characteristic. */
export const bluetoothInfo = z.object({
  v: z.literal(1),
  serial: z.string().min(1).max(64),
  machine_type: z.string().min(1).max(32),
  firmware: z.string().max(32),
  busy: z.boolean(),
  fault: z.string().max(32).nullable(),
});
export type BluetoothInfo = z.infer<typeof bluetoothInfo>;

/** The command a Bluetooth frame may carry: a remote start of type `bluetooth_start`. */
export const bluetoothCommand = deviceCommand.refine(
  (command) => command.kind === "remote_start" && command.start_type === "bluetooth_start",
);

const encoder = new TextEncoder();

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** The frame key from the device's secret (what the device computes; the server stores it). */
export async function bluetoothKeyOfSecret(secret: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(secret)));
}

const hmacKey = (key: Uint8Array, usage: "sign" | "verify") =>
  crypto.subtle.importKey("raw", key as Uint8Array<ArrayBuffer>, { name: "HMAC", hash: "SHA-256" }, false, [usage]);

/** Signs a message into a frame. */
export async function sealFrame(key: Uint8Array, message: object): Promise<string> {
  const body = base64url(encoder.encode(encode(message)));
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(key, "sign"), encoder.encode(body));
  return `${body}.${base64url(new Uint8Array(signature))}`;
}

/** Opens a frame: its message when the signature is the key's and the message fits `schema`. */
export async function openFrame<S extends z.ZodType>(
  key: Uint8Array,
  frame: string,
  schema: S,
): Promise<{ ok: true; value: z.infer<S> } | { ok: false; error: string }> {
  if (frame.length > BLUETOOTH_FRAME_MAX) return { ok: false, error: "frame too long" };
  const [body, signature, extra] = frame.split(".");
  const signatureBytes = fromBase64url(signature ?? "");
  const bodyBytes = fromBase64url(body ?? "");
  if (!body || !signatureBytes || !bodyBytes || extra !== undefined) return { ok: false, error: "not a frame" };
  const valid = await crypto.subtle.verify(
    "HMAC",
    await hmacKey(key, "verify"),
    signatureBytes as Uint8Array<ArrayBuffer>,
    encoder.encode(body),
  );
  if (!valid) return { ok: false, error: "bad signature" };
  return decode(schema, bodyBytes);
}

/** The machine's signed answer to a Bluetooth command. */
export const sealAck = (key: Uint8Array, ack: CommandAck) => sealFrame(key, ack);
export const openAck = (key: Uint8Array, frame: string) => openFrame(key, frame, commandAck);
