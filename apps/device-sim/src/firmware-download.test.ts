import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { downloadFirmware } from "./firmware-download.js";
import { type FirmwareServer, startFirmwareServer } from "./test/firmware-server.js";

let server: FirmwareServer;
beforeAll(async () => {
  server = await startFirmwareServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.ranges.length = 0;
  server.ignoreRanges = false;
});

const download = (
  expected: { size?: number; sha256?: string },
  options: { drops?: number; corrupt?: boolean; lineDiesAt?: number; signal?: AbortSignal } = {},
) => {
  const told: number[] = [];
  const result = downloadFirmware(server.url, expected, {
    onProgress: (percent) => told.push(percent),
    drops: options.drops ?? 0,
    corrupt: options.corrupt ?? false,
    signal: options.signal ?? new AbortController().signal,
    ...(options.lineDiesAt !== undefined ? { lineDiesAt: options.lineDiesAt } : {}),
  });
  return { result, told };
};

describe("a controller's firmware download", () => {
  it("fetches the file, tells each 25 % step once and in order, and checks size and SHA-256", async () => {
    const { result, told } = download({ size: server.bytes.length, sha256: server.sha256 });
    const done = await result;
    expect(done).toMatchObject({ ok: true, resumes: 0 });
    expect(done.ok && Buffer.from(done.bytes).equals(Buffer.from(server.bytes))).toBe(true);
    expect(told).toEqual([0, 25, 50, 75, 100]);
    expect(server.ranges).toEqual([""]);
  });

  it("resumes a dropped connection with a Range request for the rest, and gets the same file", async () => {
    const { result } = download({ size: server.bytes.length, sha256: server.sha256 }, { drops: 2 });
    const done = await result;
    expect(done).toMatchObject({ ok: true, resumes: 2 });
    expect(server.ranges).toHaveLength(3);
    expect(server.ranges[0]).toBe("");
    // Each resumption asks for what it lacks, from further on each time.
    const starts = server.ranges.slice(1).map((range) => Number(/^bytes=(\d+)-$/.exec(range)?.[1]));
    expect(starts[0]).toBeGreaterThan(0);
    expect(starts[1]).toBeGreaterThan(starts[0] ?? 0);
  });

  it("starts over when the server answers a range with the whole file", async () => {
    server.ignoreRanges = true;
    const { result } = download({ size: server.bytes.length, sha256: server.sha256 }, { drops: 1 });
    expect(await result).toMatchObject({ ok: true, resumes: 1 });
    expect(server.ranges).toHaveLength(2);
  });

  it("refuses a file whose hash or size is not the notice's (hash_mismatch)", async () => {
    expect(await download({ sha256: server.sha256 }, { corrupt: true }).result).toMatchObject({
      ok: false,
      reason: "hash_mismatch",
    });
    expect(await download({ size: server.bytes.length + 1 }).result).toMatchObject({
      ok: false,
      reason: "hash_mismatch",
    });
  });

  it("gives up when its line dies half-way (download_interrupted), after three tries that bring nothing", async () => {
    const { result, told } = download({ size: server.bytes.length, sha256: server.sha256 }, { lineDiesAt: 0.5 });
    expect(await result).toMatchObject({ ok: false, reason: "download_interrupted" });
    expect(told).toEqual([0, 25, 50]);
  });

  it("stops at once when the power goes, without a result", async () => {
    const power = new AbortController();
    power.abort();
    await expect(download({}, { signal: power.signal }).result).rejects.toThrow();
  });
});
