/**
 * The little of POSIX tar (ustar, with pax headers for long names and large files) that backups
 * need: regular files only, written and read as a stream. `tar -tzf` and `tar -xzf` read what is
 * written here.
 */

const BLOCK = 512;
/** The largest size the header's 11 octal digits hold; beyond it a pax `size` record says it. */
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

/** A tar archive is damaged or not a tar archive at all. */
export class TarError extends Error {}

function writeText(header: Buffer, text: string, offset: number, length: number): void {
  header.write(text, offset, length, "utf8");
}

function writeOctal(header: Buffer, value: number, offset: number, length: number): void {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
  return sum;
}

function headerBlock(name: string, size: number, mtime: Date, type: "0" | "x"): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeText(header, name, 0, 100);
  writeOctal(header, 0o600, 100, 8);
  writeOctal(header, 0, 108, 8);
  writeOctal(header, 0, 116, 8);
  writeOctal(header, size, 124, 12);
  writeOctal(header, Math.floor(mtime.getTime() / 1000), 136, 12);
  header.write(type, 156, 1, "ascii");
  header.write("ustar\0", 257, 6, "ascii");
  header.write("00", 263, 2, "ascii");
  writeOctal(header, checksumOf(header), 148, 7);
  header[155] = 0x20;
  return header;
}

/** One pax record, "<length> <key>=<value>\n", its length counting its own digits. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length) length++;
  return `${length}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

/** The blocks of one regular file: its header (after a pax header when needed), its bytes, padding. */
export function tarEntry(name: string, data: Buffer, mtime: Date): Buffer[] {
  const blocks: Buffer[] = [];
  const tooLong = Buffer.byteLength(name) > 100;
  const tooLarge = data.length > MAX_OCTAL_SIZE;
  if (tooLong || tooLarge) {
    const records = Buffer.from(
      (tooLong ? paxRecord("path", name) : "") + (tooLarge ? paxRecord("size", String(data.length)) : ""),
    );
    blocks.push(headerBlock("PaxHeader", records.length, mtime, "x"), records, padding(records.length));
  }
  const shortName = tooLong ? name.slice(-100).replace(/^[^/]*\//, "") : name;
  blocks.push(headerBlock(shortName, tooLarge ? 0 : data.length, mtime, "0"), data, padding(data.length));
  return blocks;
}

/** The two zero blocks that end an archive. */
export function tarEnd(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}

export interface TarEntry {
  name: string;
  data: Buffer;
}

/** Takes exact byte counts from a stream of chunks. */
class ByteReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  /** `n` bytes, or fewer when the stream ends first. */
  async take(n: number): Promise<Buffer> {
    while (this.buffered < n && !this.ended) {
      const next = await this.source.next();
      if (next.done) this.ended = true;
      else if (next.value.length > 0) {
        this.chunks.push(next.value);
        this.buffered += next.value.length;
      }
    }
    const all = this.chunks.length === 1 ? (this.chunks[0] as Buffer) : Buffer.concat(this.chunks);
    const taken = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(taken.length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.buffered = rest.length;
    // A copy when the rest stays buffered: the caller may keep its bytes after the rest is gone.
    return rest.length > 0 ? Buffer.from(taken) : taken;
  }
}

function readText(header: Buffer, offset: number, length: number): string {
  const field = header.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readOctal(header: Buffer, offset: number, length: number, what: string): number {
  const text = readText(header, offset, length).trim();
  if (!/^[0-7]*$/.test(text)) throw new TarError(`a tar header's ${what} is not a number`);
  return text === "" ? 0 : Number.parseInt(text, 8);
}

function parsePax(records: Buffer): Map<string, string> {
  const values = new Map<string, string>();
  let offset = 0;
  while (offset < records.length) {
    const space = records.indexOf(0x20, offset);
    const length = Number(records.subarray(offset, space).toString("ascii"));
    if (space === -1 || !Number.isInteger(length) || length <= 0 || offset + length > records.length) {
      throw new TarError("a tar pax header is malformed");
    }
    const record = records.subarray(space + 1, offset + length - 1).toString("utf8");
    const equals = record.indexOf("=");
    if (equals > 0) values.set(record.slice(0, equals), record.slice(equals + 1));
    offset += length;
  }
  return values;
}

/**
 * The regular files of a tar stream, in order, each read whole. `accept` sees each name and size
 * before its bytes are read: it throws to stop a file that is not wanted (a stranger's archive)
 * before reading it. Directories and links are refused: a backup holds none.
 */
export async function* readTar(
  chunks: AsyncIterable<Buffer>,
  accept: (name: string, size: number) => void = () => {},
): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(chunks[Symbol.asyncIterator]());
  let pax = new Map<string, string>();
  for (;;) {
    const header = await reader.take(BLOCK);
    if (header.length < BLOCK) throw new TarError("the archive ends in the middle (it is cut short)");
    if (header.every((byte) => byte === 0)) return;
    if (readOctal(header, 148, 8, "checksum") !== checksumOf(header)) {
      throw new TarError("a tar header is damaged (wrong checksum)");
    }
    const type = String.fromCharCode(header[156] as number);
    const headerSize = readOctal(header, 124, 12, "size");
    if (type === "x") {
      const records = await reader.take(headerSize + padding(headerSize).length);
      if (records.length < headerSize) throw new TarError("the archive ends in the middle (it is cut short)");
      pax = parsePax(records.subarray(0, headerSize));
      continue;
    }
    if (type !== "0" && type !== "\0") {
      throw new TarError(`the archive holds something other than files (type ${type})`);
    }
    const prefix = readText(header, 345, 155);
    const name = pax.get("path") ?? (prefix ? `${prefix}/${readText(header, 0, 100)}` : readText(header, 0, 100));
    const size = pax.has("size") ? Number(pax.get("size")) : headerSize;
    pax = new Map();
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`the size of ${name} is not valid`);
    accept(name, size);
    const data = await reader.take(size);
    if (data.length < size) throw new TarError(`the archive ends in the middle of ${name} (it is cut short)`);
    await reader.take(padding(size).length);
    yield { name, data };
  }
}
