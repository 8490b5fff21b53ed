/**
 * The APDUs a PC/SC contactless reader (ACR122U and alike) understands for ISO 14443 type A cards,
 * and how a balance sits on a MIFARE Classic 1K card: in block 4 (sector 1, the first sector an
 * application may use) in the MIFARE value-block layout, the value as a 4-byte little-endian
 * integer stored three times with its inverse, so a blank or damaged block reads as "no balance"
 * instead of as a wrong amount.
 */

export const BALANCE_BLOCK = 4;
/** Cards leave the factory with key A FF FF FF FF FF FF; operators who change it change it here. */
export const DEFAULT_KEY_A = Buffer.from("FFFFFFFFFFFF", "hex");
/** The reader's volatile key slot the key is loaded into and authenticated with. */
const KEY_SLOT = 0x00;
const KEY_TYPE_A = 0x60;

/** The card's UID: a pseudo-APDU the reader answers itself (PC/SC part 3). */
export const GET_UID = Buffer.from([0xff, 0xca, 0x00, 0x00, 0x00]);

export function loadKey(key: Buffer = DEFAULT_KEY_A): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0x82, 0x00, KEY_SLOT, key.length]), key]);
}

export function authenticate(block: number): Buffer {
  return Buffer.from([0xff, 0x86, 0x00, 0x00, 0x05, 0x01, 0x00, block, KEY_TYPE_A, KEY_SLOT]);
}

export function readBlock(block: number): Buffer {
  return Buffer.from([0xff, 0xb0, 0x00, block, 0x10]);
}

export function writeBlock(block: number, data: Buffer): Buffer {
  if (data.length !== 16) throw new Error(`a MIFARE Classic block is 16 bytes, not ${data.length}`);
  return Buffer.concat([Buffer.from([0xff, 0xd6, 0x00, block, 0x10]), data]);
}

/** A reader's answer: data then the status word, 90 00 when all went well. */
export class StatusWordError extends Error {
  constructor(readonly statusWord: string) {
    super(`the reader answered ${statusWord}`);
    this.name = "StatusWordError";
  }
}

/** The data of an answer; throws StatusWordError unless it ends in 90 00. */
export function answerData(answer: Buffer): Buffer {
  const statusWord = answer.subarray(-2);
  if (answer.length < 2 || statusWord[0] !== 0x90 || statusWord[1] !== 0x00) {
    throw new StatusWordError(answer.length < 2 ? "nothing" : statusWord.toString("hex").toUpperCase());
  }
  return answer.subarray(0, -2);
}

/** The balance as a value block at `block`. */
export function encodeBalanceBlock(balance: number, block = BALANCE_BLOCK): Buffer {
  const data = Buffer.alloc(16);
  data.writeInt32LE(balance, 0);
  data.writeInt32LE(~balance, 4);
  data.writeInt32LE(balance, 8);
  data.writeUInt8(block, 12);
  data.writeUInt8(~block & 0xff, 13);
  data.writeUInt8(block, 14);
  data.writeUInt8(~block & 0xff, 15);
  return data;
}

/** The balance in a value block; null when the block is not one (a blank card) or holds a negative value. */
export function decodeBalanceBlock(data: Buffer, block = BALANCE_BLOCK): number | null {
  if (data.length !== 16) return null;
  const value = data.readInt32LE(0);
  const consistent =
    data.readInt32LE(4) === ~value &&
    data.readInt32LE(8) === value &&
    data[12] === block &&
    data[13] === (~block & 0xff) &&
    data[14] === block &&
    data[15] === (~block & 0xff);
  return consistent && value >= 0 ? value : null;
}
