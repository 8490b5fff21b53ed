import { describe, expect, it } from "vitest";
import { fileSizeText } from "./file-size";

describe("a package's file size", () => {
  it("reads in the largest unit that keeps it above one, in the reader's number format", () => {
    expect(fileSizeText(0, "en")).toBe("—");
    expect(fileSizeText(512, "en")).toBe("512 B");
    expect(fileSizeText(1536, "en")).toBe("1.5 KB");
    expect(fileSizeText(3 * 1024 ** 2 + 300 * 1024, "de")).toBe("3,3 MB");
    expect(fileSizeText(2 * 1024 ** 3, "en")).toBe("2 GB");
  });
});
