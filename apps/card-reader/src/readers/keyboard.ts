import { createInterface } from "node:readline";
import type { Readable } from "node:stream";
import { CARD_BALANCE_MAX, normalizeCardUid } from "@washboard/shared";
import type { SimulatedReader } from "./simulated.js";

/**
 * The simulated reader at the terminal: a UID and Enter taps that card, a UID and a number taps it
 * with that balance, an empty line takes the card away.
 */

export type KeyboardCommand =
  | { kind: "tap"; uuid: string; balance: number | undefined }
  | { kind: "remove" }
  | { kind: "invalid"; reason: string };

export const KEYBOARD_HELP =
  "type a card UID and Enter to tap it (a UID and a balance to set it), an empty line to remove it";

export function parseKeyboardLine(line: string): KeyboardCommand {
  const words = line.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { kind: "remove" };
  if (words.length > 2) return { kind: "invalid", reason: `${KEYBOARD_HELP}, not "${line.trim()}"` };
  const [uidText = "", balanceText] = words;
  const uuid = normalizeCardUid(uidText);
  if (uuid === undefined) return { kind: "invalid", reason: `"${uidText}" is not a card UID (8 to 20 hex digits)` };
  if (balanceText === undefined) return { kind: "tap", uuid, balance: undefined };
  const balance = Number(balanceText);
  if (!Number.isInteger(balance) || balance < 0 || balance > CARD_BALANCE_MAX) {
    return { kind: "invalid", reason: `"${balanceText}" is not a balance in minor units (0 to ${CARD_BALANCE_MAX})` };
  }
  return { kind: "tap", uuid, balance };
}

/** Reads commands from `input` (the terminal) until it ends; gives a function that stops reading. */
export function attachKeyboard(reader: SimulatedReader, input: Readable, say: (line: string) => void): () => void {
  const lines = createInterface({ input, terminal: false });
  lines.on("line", (line) => {
    const command = parseKeyboardLine(line);
    try {
      if (command.kind === "invalid") say(command.reason);
      else if (command.kind === "remove") say(reader.remove() ? "card removed" : "no card on the reader");
      else {
        reader.tap(command.uuid, command.balance);
        const balance = reader.state().card?.balance;
        say(`card ${command.uuid} on the reader, balance ${balance ?? "none"}`);
      }
    } catch (error) {
      say(error instanceof Error ? error.message : String(error));
    }
  });
  return () => lines.close();
}
