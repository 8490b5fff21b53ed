import { EventEmitter, once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { decodeBalanceBlock, encodeBalanceBlock } from "./mifare.js";
import { loadPcscBackend, type PcscCardReader, type PcscContext, PcscReaderBackend } from "./pcsc.js";
import { ReaderError } from "./reader.js";

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ""), "hex");
const OK = hex("9000");

/** A MIFARE Classic 1K card as far as the backend uses it: a UID, a key A and 64 blocks. */
class FakeCard {
  readonly blocks = new Map<number, Buffer>();
  constructor(
    readonly uid: Buffer,
    readonly keyA: Buffer = hex("FFFFFFFFFFFF"),
  ) {}
}

/** A contactless reader answering the PC/SC pseudo-APDUs like an ACR122U does. */
class FakeReader extends EventEmitter implements PcscCardReader {
  readonly SCARD_STATE_EMPTY = 0x10;
  readonly SCARD_STATE_PRESENT = 0x20;
  readonly SCARD_SHARE_SHARED = 2;
  readonly SCARD_LEAVE_CARD = 0;
  readonly apdus: string[] = [];
  readonly calls: string[] = [];
  card: FakeCard | null = null;
  private loadedKey: Buffer | null = null;
  private authenticatedBlock: number | null = null;

  constructor(readonly name: string) {
    super();
  }

  put(card: FakeCard): void {
    this.card = card;
    this.emit("status", { state: this.SCARD_STATE_PRESENT });
  }

  takeAway(): void {
    this.card = null;
    this.emit("status", { state: this.SCARD_STATE_EMPTY });
  }

  connect(options: { share_mode: number }, callback: (error: Error | null, protocol?: number) => void): void {
    this.calls.push(`connect ${options.share_mode}`);
    setImmediate(() => (this.card === null ? callback(new Error("no card")) : callback(null, 2)));
  }

  disconnect(disposition: number, callback: (error: Error | null) => void): void {
    this.calls.push(`disconnect ${disposition}`);
    this.authenticatedBlock = null;
    setImmediate(() => callback(null));
  }

  transmit(
    data: Buffer,
    _length: number,
    protocol: number,
    callback: (error: Error | null, answer: Buffer) => void,
  ): void {
    this.apdus.push(data.toString("hex").toUpperCase());
    const answer = this.answer(data, protocol);
    setImmediate(() => callback(null, answer));
  }

  close(): void {
    this.calls.push("close");
  }

  private answer(apdu: Buffer, protocol: number): Buffer {
    const card = this.card;
    if (card === null || protocol !== 2) return hex("6F00");
    const [cla, ins, , p2] = apdu;
    if (cla !== 0xff) return hex("6E00");
    switch (ins) {
      case 0xca:
        return Buffer.concat([card.uid, OK]);
      case 0x82:
        this.loadedKey = apdu.subarray(5, 11);
        return OK;
      case 0x86: {
        const block = apdu[7] ?? -1;
        if (this.loadedKey === null || !this.loadedKey.equals(card.keyA)) return hex("6300");
        this.authenticatedBlock = block;
        return OK;
      }
      case 0xb0:
        if (this.authenticatedBlock !== p2) return hex("6982");
        return Buffer.concat([card.blocks.get(p2 ?? -1) ?? Buffer.alloc(16), OK]);
      case 0xd6:
        if (this.authenticatedBlock !== p2) return hex("6982");
        card.blocks.set(p2 ?? -1, Buffer.from(apdu.subarray(5)));
        return OK;
      default:
        return hex("6D00");
    }
  }
}

class FakeContext extends EventEmitter implements PcscContext {
  closed = false;
  close(): void {
    this.closed = true;
  }
}

const backends: PcscReaderBackend[] = [];

function setUp(): { context: FakeContext; backend: PcscReaderBackend; device: FakeReader } {
  const context = new FakeContext();
  const backend = new PcscReaderBackend(context);
  backends.push(backend);
  const device = new FakeReader("ACS ACR122U PICC Interface 00 00");
  context.emit("reader", device);
  return { context, backend, device };
}

/** Puts `card` on the reader and waits for the backend to announce it. */
async function present(backend: PcscReaderBackend, device: FakeReader, card: FakeCard): Promise<string> {
  const announced = once(backend, "card_present");
  device.put(card);
  const [, uuid] = await announced;
  return uuid;
}

afterEach(async () => {
  await Promise.all(backends.splice(0).map((backend) => backend.close()));
});

describe("the balance block", () => {
  it("holds the balance little-endian in the MIFARE value-block layout for block 4", () => {
    expect(encodeBalanceBlock(1500).toString("hex").toUpperCase()).toBe("DC05000023FAFFFFDC05000004FB04FB");
  });

  it("reads back what was written and null for a blank, damaged or negative block", () => {
    for (const balance of [0, 1, 1500, 2_147_483_647])
      expect(decodeBalanceBlock(encodeBalanceBlock(balance))).toBe(balance);
    expect(decodeBalanceBlock(Buffer.alloc(16))).toBeNull();
    const damaged = encodeBalanceBlock(1500);
    damaged[4] = 0;
    expect(decodeBalanceBlock(damaged)).toBeNull();
    expect(decodeBalanceBlock(encodeBalanceBlock(1500, 5))).toBeNull();
    expect(decodeBalanceBlock(encodeBalanceBlock(-5))).toBeNull();
  });
});

describe("the PC/SC backend", () => {
  it("tells of readers plugged in and unplugged", () => {
    const context = new FakeContext();
    const backend = new PcscReaderBackend(context);
    backends.push(backend);
    const seen: string[] = [];
    backend.on("reader_attached", (name) => seen.push(`+${name}`));
    backend.on("reader_removed", (name) => seen.push(`-${name}`));
    const device = new FakeReader("R1");
    context.emit("reader", device);
    expect(backend.readers()).toEqual(["R1"]);
    device.emit("end");
    expect(backend.readers()).toEqual([]);
    expect(seen).toEqual(["+R1", "-R1"]);
  });

  it("reads the UID of a card put on the reader with FF CA 00 00 00", async () => {
    const { backend, device } = setUp();
    expect(await present(backend, device, new FakeCard(hex("04A1B2C3D4E5F6")))).toBe("04A1B2C3D4E5F6");
    expect(device.calls).toEqual(["connect 2"]);
    expect(device.apdus).toEqual(["FFCA000000"]);
    expect(backend.currentCard()).toEqual({ reader: device.name, uuid: "04A1B2C3D4E5F6" });
  });

  it("reads a blank card's balance as null after loading the key and authenticating block 4", async () => {
    const { backend, device } = setUp();
    await present(backend, device, new FakeCard(hex("04A1B2C3")));
    device.apdus.length = 0;
    expect(await backend.read()).toEqual({ reader: device.name, uuid: "04A1B2C3", balance: null });
    expect(device.apdus).toEqual(["FFCA000000", "FF82000006FFFFFFFFFFFF", "FF860000050100046000", "FFB0000410"]);
  });

  it("writes the balance to block 4 and reads it back", async () => {
    const { backend, device } = setUp();
    const card = new FakeCard(hex("04A1B2C3"));
    await present(backend, device, card);
    device.apdus.length = 0;
    expect(await backend.writeBalance("04A1B2C3", 1500)).toEqual({ uuid: "04A1B2C3", balance: 1500 });
    expect(device.apdus).toEqual([
      "FFCA000000",
      "FF82000006FFFFFFFFFFFF",
      "FF860000050100046000",
      "FFD6000410DC05000023FAFFFFDC05000004FB04FB",
    ]);
    expect(card.blocks.get(4)?.readInt32LE(0)).toBe(1500);
    expect((await backend.read()).balance).toBe(1500);
  });

  it("refuses to write when another card lies on the reader, before touching it", async () => {
    const { backend, device } = setUp();
    await present(backend, device, new FakeCard(hex("04A1B2C3")));
    device.apdus.length = 0;
    await expect(backend.writeBalance("04D5E6F7", 1)).rejects.toMatchObject({ code: "card_changed" });
    expect(device.apdus).toEqual(["FFCA000000"]);
  });

  it("fails with the status word when the card refuses (a card with another key)", async () => {
    const { backend, device } = setUp();
    await present(backend, device, new FakeCard(hex("04A1B2C3"), hex("A0A1A2A3A4A5")));
    const read = backend.read();
    await expect(read).rejects.toBeInstanceOf(ReaderError);
    await expect(read).rejects.toMatchObject({ code: "read_failed", message: expect.stringContaining("6300") });
    await expect(backend.writeBalance("04A1B2C3", 1)).rejects.toMatchObject({ code: "write_failed" });
  });

  it("tells of the card taken away, disconnects leaving it be, and then has no card to read", async () => {
    const { backend, device } = setUp();
    await present(backend, device, new FakeCard(hex("04A1B2C3")));
    const removed = once(backend, "card_removed");
    device.takeAway();
    expect(await removed).toEqual([device.name]);
    expect(device.calls).toContain("disconnect 0");
    expect(backend.currentCard()).toBeNull();
    await expect(backend.read()).rejects.toMatchObject({ code: "no_card" });
  });

  it("tells of the card gone when its reader is unplugged, and has no reader then", async () => {
    const { backend, device } = setUp();
    await present(backend, device, new FakeCard(hex("04A1B2C3")));
    const seen: string[] = [];
    backend.on("card_removed", () => seen.push("card_removed"));
    backend.on("reader_removed", () => seen.push("reader_removed"));
    device.emit("end");
    expect(seen).toEqual(["card_removed", "reader_removed"]);
    await expect(backend.read()).rejects.toMatchObject({ code: "no_reader" });
  });

  it("closes pcsclite's readers and context", async () => {
    const { context, backend, device } = setUp();
    await backend.close();
    expect(device.calls).toContain("close");
    expect(context.closed).toBe(true);
  });
});

describe("loading pcsclite", () => {
  it("says so when pcsclite is not installed", async () => {
    const missing = Object.assign(new Error("Cannot find package 'pcsclite'"), { code: "ERR_MODULE_NOT_FOUND" });
    expect(
      await loadPcscBackend(
        () => {},
        () => Promise.reject(missing),
      ),
    ).toEqual({
      ok: false,
      reason: "pcsclite is not installed",
    });
  });

  it("says why when it does not load", async () => {
    const broken = () => Promise.reject(new Error("libpcsclite.so.1: cannot open shared object file"));
    expect(await loadPcscBackend(() => {}, broken)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("libpcsclite"),
    });
  });

  it("starts the backend over the context pcsclite makes", async () => {
    const context = new FakeContext();
    const loaded = await loadPcscBackend(
      () => {},
      async () => ({ default: () => context }),
    );
    expect(loaded.ok).toBe(true);
    if (loaded.ok) backends.push(loaded.backend);
    context.emit("reader", new FakeReader("R1"));
    expect(loaded.ok && loaded.backend.readers()).toEqual(["R1"]);
  });
});
