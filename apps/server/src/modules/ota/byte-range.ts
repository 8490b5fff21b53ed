/**
 * Which bytes of a file a GET with `Range` gets (RFC 9110 §14): one range, so an interrupted
 * firmware download resumes where it stopped. A server may always answer the whole file instead,
 * and this one does for what it does not serve by parts: several ranges, a unit other than bytes, a
 * malformed header, or an `If-Range` that names another version of the file.
 */
export type RangeAnswer =
  | { status: 200; start: 0; end: number }
  | { status: 206; start: number; end: number }
  | { status: 416 };

const ONE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function answerRange(
  size: number,
  headers: { range?: string | undefined; ifRange?: string | undefined },
  etag: string,
): RangeAnswer {
  const whole = { status: 200 as const, start: 0 as const, end: size - 1 };
  const { range, ifRange } = headers;
  if (range === undefined) return whole;
  // A strong validator only: the file a client holds part of must be this very file.
  if (ifRange !== undefined && ifRange !== etag) return whole;
  const match = ONE_RANGE.exec(range.replace(/\s+/g, ""));
  if (!match) return whole;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return whole;
  if (first === "") {
    // The last n bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { status: 416 };
    return { status: 206, start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== "" && Number(last) < start) return whole;
  if (start >= size) return { status: 416 };
  return { status: 206, start, end };
}

/** The answer's length and, for a part or a refusal, its Content-Range. */
export function rangeHeaders(answer: RangeAnswer, size: number): Record<string, string> {
  if (answer.status === 416) return { "content-range": `bytes */${size}` };
  const length = String(answer.end - answer.start + 1);
  if (answer.status === 200) return { "content-length": length, "accept-ranges": "bytes" };
  return {
    "content-length": length,
    "content-range": `bytes ${answer.start}-${answer.end}/${size}`,
    "accept-ranges": "bytes",
  };
}
