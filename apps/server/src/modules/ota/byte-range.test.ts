import { describe, expect, it } from "vitest";
import { answerRange, rangeHeaders } from "./byte-range.js";

const SIZE = 1000;
const ETAG = '"abc123"';
const ask = (range?: string, ifRange?: string) => answerRange(SIZE, { range, ifRange }, ETAG);

describe("a GET with Range", () => {
  it("without one gets the whole file", () => {
    expect(ask()).toEqual({ status: 200, start: 0, end: 999 });
    expect(rangeHeaders(ask(), SIZE)).toEqual({ "content-length": "1000", "accept-ranges": "bytes" });
  });

  it("from an offset to the end gets the rest: how a download resumes", () => {
    expect(ask("bytes=400-")).toEqual({ status: 206, start: 400, end: 999 });
    expect(rangeHeaders(ask("bytes=400-"), SIZE)).toEqual({
      "content-length": "600",
      "content-range": "bytes 400-999/1000",
      "accept-ranges": "bytes",
    });
  });

  it("of a span gets that span, cut at the file's end", () => {
    expect(ask("bytes=0-99")).toEqual({ status: 206, start: 0, end: 99 });
    expect(ask("bytes=900-5000")).toEqual({ status: 206, start: 900, end: 999 });
    expect(ask("bytes=999-999")).toEqual({ status: 206, start: 999, end: 999 });
  });

  it("of the last n bytes gets them, or the whole file when n is larger", () => {
    expect(ask("bytes=-100")).toEqual({ status: 206, start: 900, end: 999 });
    expect(ask("bytes=-5000")).toEqual({ status: 206, start: 0, end: 999 });
  });

  it("past the end, or of no bytes, is refused (416) with the file's size", () => {
    expect(ask("bytes=1000-")).toEqual({ status: 416 });
    expect(ask("bytes=-0")).toEqual({ status: 416 });
    expect(rangeHeaders({ status: 416 }, SIZE)).toEqual({ "content-range": "bytes */1000" });
  });

  it("that it does not serve by parts gets the whole file: several ranges, other units, nonsense, reversed", () => {
    for (const range of ["bytes=0-9,20-29", "items=0-9", "bytes=abc", "bytes=-", "bytes=50-10", "0-9"]) {
      expect(ask(range)).toEqual({ status: 200, start: 0, end: 999 });
    }
  });

  it("for another version of the file (If-Range) gets the whole new one, not a part of it", () => {
    expect(ask("bytes=400-", ETAG)).toEqual({ status: 206, start: 400, end: 999 });
    expect(ask("bytes=400-", '"old"')).toEqual({ status: 200, start: 0, end: 999 });
    expect(ask("bytes=400-", `W/${ETAG}`)).toEqual({ status: 200, start: 0, end: 999 });
  });
});
