import type { EventEmitter } from "node:events";
import type { CardReaderErrorCode } from "@washboard/shared";

/** What a backend tells the bridge, which passes each on to every console as the message of the same name. */
export interface ReaderEvents {
  reader_attached: [reader: string];
  reader_removed: [reader: string];
  card_present: [reader: string, uuid: string];
  card_removed: [reader: string];
}

export interface CardOnReader {
  reader: string;
  uuid: string;
}

export interface CardReading extends CardOnReader {
  /** Minor units stored on the card; null when the card holds no balance yet. */
  balance: number | null;
}

/**
 * A source of cards: real readers over PC/SC or the simulated one. The bridge does not care which;
 * it only tells the console whether the reader is simulated.
 */
export interface ReaderBackend extends EventEmitter<ReaderEvents> {
  readonly simulated: boolean;
  /** Names of the readers plugged in now. */
  readers(): string[];
  /** The card lying on a reader now, if any: told to a console that connects while it is there. */
  currentCard(): CardOnReader | null;
  /** Reads the card on the reader. Rejects with a ReaderError (no_reader, no_card, read_failed). */
  read(): Promise<CardReading>;
  /**
   * Stores a balance on the card `uuid`. Rejects with card_changed when another card is on the
   * reader, so a balance meant for one customer never lands on another's card.
   */
  writeBalance(uuid: string, balance: number): Promise<{ uuid: string; balance: number }>;
  close(): Promise<void>;
}

/** A failure the console is told about by its protocol code. */
export class ReaderError extends Error {
  constructor(
    readonly code: CardReaderErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ReaderError";
  }
}

export const noReader = () => new ReaderError("no_reader", "no card reader is plugged in");
export const noCard = () => new ReaderError("no_card", "there is no card on the reader");
export const cardChanged = (expected: string, found: string) =>
  new ReaderError("card_changed", `the card on the reader is ${found}, not ${expected}`);
