import { describe, expect, it } from "vitest";
import { formatFileSize } from "./file-size.js";

const KB = 1024;
const MB = 1024 * KB;
const GB = 1024 * MB;

describe("formatFileSize (spec §9: bytes, KB, MB or GB)", () => {
  it("shows bytes below 1 KB", () => {
    expect(formatFileSize(0)).toBe("0 B");
    expect(formatFileSize(1)).toBe("1 B");
    expect(formatFileSize(512)).toBe("512 B");
    expect(formatFileSize(1023)).toBe("1023 B");
  });

  it("switches to KB at 1024 bytes, with at most one decimal", () => {
    expect(formatFileSize(KB)).toBe("1 KB");
    expect(formatFileSize(1.5 * KB)).toBe("1.5 KB");
    expect(formatFileSize(1234)).toBe("1.2 KB");
    expect(formatFileSize(10 * KB)).toBe("10 KB");
    expect(formatFileSize(1000 * KB)).toBe("1000 KB");
  });

  it("switches to MB at 1024 KB", () => {
    expect(formatFileSize(MB)).toBe("1 MB");
    expect(formatFileSize(2.5 * MB)).toBe("2.5 MB");
    expect(formatFileSize(300 * MB)).toBe("300 MB");
  });

  it("switches to GB at 1024 MB", () => {
    expect(formatFileSize(GB)).toBe("1 GB");
    expect(formatFileSize(1.5 * GB)).toBe("1.5 GB");
  });

  it("stays in GB beyond 1024 GB (no TB unit)", () => {
    expect(formatFileSize(1024 * GB)).toBe("1024 GB");
    expect(formatFileSize(5 * 1024 * GB)).toBe("5120 GB");
    expect(formatFileSize(1.25 * 1024 * 1024 * GB)).toBe("1310720 GB");
  });

  it("never shows a negative size", () => {
    expect(formatFileSize(-5)).toBe("0 B");
  });

  it("writes the figure in the reader's number format when told the language", () => {
    expect(formatFileSize(1536, "en")).toBe("1.5 KB");
    expect(formatFileSize(3 * 1024 ** 2 + 300 * 1024, "de")).toBe("3,3 MB");
    expect(formatFileSize(2 * 1024 ** 3, "en")).toBe("2 GB");
  });
});
