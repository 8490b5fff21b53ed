import { EventEmitter } from "node:events";
import { normalizeCardUid } from "@washboard/shared";
import {
  type CardOnReader,
  type CardReading,
  cardChanged,
  noCard,
  noReader,
  type ReaderBackend,
  ReaderError,
  type ReaderEvents,
} from "./reader.js";

export const SIMULATED_READER_NAME = "Washboard simulated reader";

export interface SimulatedReaderState {
  attached: boolean;
  reader: string;
  /** The card lying on the reader, with the balance it holds. */
  card: { uuid: string; balance: number | null } | null;
  /** Every card seen so far and its balance, by UID. */
  balances: Record<string, number | null>;
}

/**
 * A reader without hardware, for development and tests: cards are tapped through the tap server or
 * the keyboard. A card keeps its balance between taps, as a real card would. Starts plugged in.
 */
export class SimulatedReader extends EventEmitter<ReaderEvents> implements ReaderBackend {
  readonly simulated = true;
  private attached = true;
  private cardUid: string | null = null;
  private readonly balances = new Map<string, number | null>();

  readers(): string[] {
    return this.attached ? [SIMULATED_READER_NAME] : [];
  }

  currentCard(): CardOnReader | null {
    return this.cardUid === null ? null : { reader: SIMULATED_READER_NAME, uuid: this.cardUid };
  }

  /**
   * Puts the card `uuid` on the reader, replacing any other; `balance` (when given) is what the card
   * holds from now on. Tapping the card that is already there announces it again, as lifting and
   * tapping it would.
   */
  tap(uuid: string, balance?: number | null): string {
    const normalized = normalizeCardUid(uuid);
    if (normalized === undefined) throw new ReaderError("bad_request", `"${uuid}" is not a card UID`);
    if (!this.attached) throw noReader();
    if (balance !== undefined) this.balances.set(normalized, balance);
    else if (!this.balances.has(normalized)) this.balances.set(normalized, null);
    if (this.cardUid !== null && this.cardUid !== normalized) this.remove();
    this.cardUid = normalized;
    this.emit("card_present", SIMULATED_READER_NAME, normalized);
    return normalized;
  }

  /** Takes the card off the reader; false when there was none. */
  remove(): boolean {
    if (this.cardUid === null) return false;
    this.cardUid = null;
    this.emit("card_removed", SIMULATED_READER_NAME);
    return true;
  }

  attach(): void {
    if (this.attached) return;
    this.attached = true;
    this.emit("reader_attached", SIMULATED_READER_NAME);
  }

  /** Unplugs the reader; a card on it goes away first, as it stops being seen. */
  detach(): void {
    if (!this.attached) return;
    this.remove();
    this.attached = false;
    this.emit("reader_removed", SIMULATED_READER_NAME);
  }

  state(): SimulatedReaderState {
    return {
      attached: this.attached,
      reader: SIMULATED_READER_NAME,
      card: this.cardUid === null ? null : { uuid: this.cardUid, balance: this.balances.get(this.cardUid) ?? null },
      balances: Object.fromEntries(this.balances),
    };
  }

  async read(): Promise<CardReading> {
    const uuid = this.presentCard();
    return { reader: SIMULATED_READER_NAME, uuid, balance: this.balances.get(uuid) ?? null };
  }

  async writeBalance(uuid: string, balance: number): Promise<{ uuid: string; balance: number }> {
    const present = this.presentCard();
    if (present !== uuid) throw cardChanged(uuid, present);
    this.balances.set(uuid, balance);
    return { uuid, balance };
  }

  async close(): Promise<void> {
    this.removeAllListeners();
  }

  private presentCard(): string {
    if (!this.attached) throw noReader();
    if (this.cardUid === null) throw noCard();
    return this.cardUid;
  }
}
