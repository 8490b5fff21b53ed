import { EventEmitter } from "node:events";
import { normalizeCardUid } from "@washboard/shared";
import {
  answerData,
  authenticate,
  BALANCE_BLOCK,
  decodeBalanceBlock,
  encodeBalanceBlock,
  GET_UID,
  loadKey,
  readBlock,
  StatusWordError,
  writeBlock,
} from "./mifare.js";
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

/*
 * Real readers over PC/SC, through the `pcsclite` package. That package builds against libpcsclite,
 * which a developer's PC or CI seldom has, so it is no dependency: the counter PC installs it
 * (docs/card-reader-protocol.md) and the bridge loads it when it is there. What the backend needs
 * of it is written out below, which also lets the tests drive the backend with a fake.
 */

export interface PcscStatus {
  state: number;
  atr?: Buffer;
}

type Callback<T> = (error: Error | null | undefined, value: T) => void;

/** One reader as pcsclite gives it. */
export interface PcscCardReader {
  readonly name: string;
  readonly SCARD_STATE_EMPTY: number;
  readonly SCARD_STATE_PRESENT: number;
  readonly SCARD_SHARE_SHARED: number;
  readonly SCARD_LEAVE_CARD: number;
  on(event: "status", listener: (status: PcscStatus) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  /** The protocol is absent when the reader was connected already. */
  connect(options: { share_mode: number }, callback: Callback<number | undefined>): void;
  disconnect(disposition: number, callback: (error: Error | null | undefined) => void): void;
  transmit(data: Buffer, responseLength: number, protocol: number, callback: Callback<Buffer>): void;
  close(): void;
}

/** pcsclite's context: announces each reader plugged in. */
export interface PcscContext {
  on(event: "reader", listener: (reader: PcscCardReader) => void): unknown;
  on(event: "error", listener: (error: Error) => void): unknown;
  close(): void;
}

/** The UID's data, the balance block with its status word: 256 bytes is more than any answer here. */
const MAX_ANSWER_BYTES = 258;

interface AttachedReader {
  device: PcscCardReader;
  /** The state of the last status event; a change of the EMPTY and PRESENT bits is a card arriving or leaving. */
  state: number;
  present: boolean;
  /** Known once read after the card arrived; card_present is sent then. */
  uuid: string | null;
  protocol: number | null;
  /** Counts arrivals and departures, so a UID read for a card that has left since is not announced. */
  generation: number;
}

export class PcscReaderBackend extends EventEmitter<ReaderEvents> implements ReaderBackend {
  readonly simulated = false;
  private readonly attached = new Map<string, AttachedReader>();
  /** One exchange with the cards at a time: load key, authenticate and read must not interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly context: PcscContext,
    private readonly log: (line: string) => void = () => {},
  ) {
    super();
    context.on("reader", (device) => this.onReader(device));
    context.on("error", (error) => log(`PC/SC: ${error.message}`));
  }

  readers(): string[] {
    return [...this.attached.keys()];
  }

  currentCard(): CardOnReader | null {
    for (const entry of this.attached.values()) {
      if (entry.present && entry.uuid !== null) return { reader: entry.device.name, uuid: entry.uuid };
    }
    return null;
  }

  async read(): Promise<CardReading> {
    const entry = this.readerWithCard();
    return this.exclusive(async () => {
      try {
        const uuid = await this.readUid(entry);
        const block = await this.balanceBlock(entry, (reader) => this.transmit(reader, readBlock(BALANCE_BLOCK)));
        return { reader: entry.device.name, uuid, balance: decodeBalanceBlock(block) };
      } catch (error) {
        throw this.failure(entry, "read_failed", error);
      }
    });
  }

  async writeBalance(uuid: string, balance: number): Promise<{ uuid: string; balance: number }> {
    const entry = this.readerWithCard();
    return this.exclusive(async () => {
      let present: string;
      try {
        // Asked of the card itself, not taken from memory: the card may have been swapped a moment ago.
        present = await this.readUid(entry);
      } catch (error) {
        throw this.failure(entry, "write_failed", error);
      }
      if (present !== uuid) throw cardChanged(uuid, present);
      try {
        await this.balanceBlock(entry, (reader) =>
          this.transmit(reader, writeBlock(BALANCE_BLOCK, encodeBalanceBlock(balance))),
        );
      } catch (error) {
        throw this.failure(entry, "write_failed", error);
      }
      return { uuid, balance };
    });
  }

  async close(): Promise<void> {
    for (const entry of this.attached.values()) entry.device.close();
    this.attached.clear();
    this.context.close();
    this.removeAllListeners();
  }

  private onReader(device: PcscCardReader): void {
    const entry: AttachedReader = { device, state: 0, present: false, uuid: null, protocol: null, generation: 0 };
    this.attached.set(device.name, entry);
    device.on("error", (error) => this.log(`${device.name}: ${error.message}`));
    device.on("status", (status) => this.onStatus(entry, status));
    device.on("end", () => {
      if (this.attached.get(device.name) !== entry) return;
      if (entry.present && entry.uuid !== null) this.emit("card_removed", device.name);
      this.attached.delete(device.name);
      this.emit("reader_removed", device.name);
    });
    this.emit("reader_attached", device.name);
  }

  private onStatus(entry: AttachedReader, status: PcscStatus): void {
    const { device } = entry;
    const changes = entry.state ^ status.state;
    entry.state = status.state;
    if (changes & device.SCARD_STATE_EMPTY && status.state & device.SCARD_STATE_EMPTY) this.cardLeft(entry);
    else if (changes & device.SCARD_STATE_PRESENT && status.state & device.SCARD_STATE_PRESENT) this.cardArrived(entry);
  }

  private cardArrived(entry: AttachedReader): void {
    entry.present = true;
    const generation = ++entry.generation;
    this.exclusive(() => this.readUid(entry)).then(
      (uuid) => {
        if (entry.generation !== generation) return;
        entry.uuid = uuid;
        this.emit("card_present", entry.device.name, uuid);
      },
      (error: unknown) => {
        if (entry.generation !== generation) return;
        this.log(
          `${entry.device.name}: could not read the card's UID: ${error instanceof Error ? error.message : error}`,
        );
      },
    );
  }

  private cardLeft(entry: AttachedReader): void {
    const announced = entry.present && entry.uuid !== null;
    entry.present = false;
    entry.uuid = null;
    entry.protocol = null;
    entry.generation++;
    entry.device.disconnect(entry.device.SCARD_LEAVE_CARD, (error) => {
      if (error) this.log(`${entry.device.name}: ${error.message}`);
    });
    if (announced) this.emit("card_removed", entry.device.name);
  }

  private readerWithCard(): AttachedReader {
    if (this.attached.size === 0) throw noReader();
    for (const entry of this.attached.values()) if (entry.present) return entry;
    throw noCard();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work, work);
    this.queue = turn.catch(() => {});
    return turn;
  }

  /** Authenticates for the balance block with the default key, then does `exchange` on it. */
  private async balanceBlock(
    entry: AttachedReader,
    exchange: (entry: AttachedReader) => Promise<Buffer>,
  ): Promise<Buffer> {
    await this.transmit(entry, loadKey());
    await this.transmit(entry, authenticate(BALANCE_BLOCK));
    return exchange(entry);
  }

  private async readUid(entry: AttachedReader): Promise<string> {
    const data = await this.transmit(entry, GET_UID);
    const uuid = normalizeCardUid(data.toString("hex"));
    if (uuid === undefined) throw new Error(`the card's UID ${data.toString("hex")} is not 4, 7 or 10 bytes`);
    return uuid;
  }

  private async transmit(entry: AttachedReader, apdu: Buffer): Promise<Buffer> {
    const protocol = await this.connect(entry);
    const answer = await new Promise<Buffer>((resolve, reject) =>
      entry.device.transmit(apdu, MAX_ANSWER_BYTES, protocol, (error, response) =>
        error ? reject(error) : resolve(response),
      ),
    );
    return answerData(answer);
  }

  private async connect(entry: AttachedReader): Promise<number> {
    if (entry.protocol !== null) return entry.protocol;
    const protocol = await new Promise<number | undefined>((resolve, reject) =>
      entry.device.connect({ share_mode: entry.device.SCARD_SHARE_SHARED }, (error, value) =>
        error ? reject(error) : resolve(value),
      ),
    );
    if (protocol === undefined) throw new Error("the reader was connected without telling its protocol");
    entry.protocol = protocol;
    return protocol;
  }

  private failure(entry: AttachedReader, code: "read_failed" | "write_failed", error: unknown): ReaderError {
    if (error instanceof ReaderError) return error;
    if (!entry.present) return noCard();
    const doing = code === "read_failed" ? "read" : "write";
    if (error instanceof StatusWordError) {
      return new ReaderError(
        code,
        `could not ${doing} the card: ${error.message} (a MIFARE Classic 1K card with the default key is expected)`,
      );
    }
    return new ReaderError(code, `could not ${doing} the card: ${error instanceof Error ? error.message : error}`);
  }
}

export type PcscLoad = { ok: true; backend: PcscReaderBackend } | { ok: false; reason: string };

/** Imports a module by name; the tests give one that fails. */
export type ModuleImporter = (name: string) => Promise<unknown>;

// The name is in a variable so that TypeScript does not look for a package that is deliberately not a dependency.
const PCSCLITE = "pcsclite";

/** The PC/SC backend when pcsclite is installed and loads; otherwise why not, for the CLI to say. */
export async function loadPcscBackend(
  log: (line: string) => void,
  importModule: ModuleImporter = (name) => import(name),
): Promise<PcscLoad> {
  let loaded: unknown;
  try {
    loaded = await importModule(PCSCLITE);
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "ERR_MODULE_NOT_FOUND") {
      return { ok: false, reason: "pcsclite is not installed" };
    }
    const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { ok: false, reason: `pcsclite could not be loaded (${why})` };
  }
  const createContext = typeof loaded === "object" && loaded !== null ? Reflect.get(loaded, "default") : undefined;
  if (typeof createContext !== "function") return { ok: false, reason: "pcsclite has no default export" };
  try {
    // pcsclite is untyped CommonJS; its documented context is what PcscContext describes.
    const context = createContext() as PcscContext;
    return { ok: true, backend: new PcscReaderBackend(context, log) };
  } catch (error) {
    return { ok: false, reason: `PC/SC could not start (${error instanceof Error ? error.message : error})` };
  }
}
