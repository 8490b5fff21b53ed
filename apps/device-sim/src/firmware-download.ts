import { createHash } from "node:crypto";

/** What the firmware notice said of the file (both optional in the protocol). */
export interface ExpectedFile {
  size?: number;
  sha256?: string;
}

export type DownloadResult =
  | { ok: true; bytes: Uint8Array; resumes: number }
  | { ok: false; reason: "download_interrupted" | "hash_mismatch"; resumes: number };

export interface DownloadOptions {
  /** Told each 25 % step reached (0 first, 100 last), each once and in order. */
  onProgress(percent: number): void;
  /** Connections to drop half-way, each then resumed with a Range request: a flaky line. */
  drops: number;
  /** The line dies for good once this share of the file is in (0–1): tries bring nothing more. */
  lineDiesAt?: number;
  /** A byte changes on the way, which the size and hash checks must catch. */
  corrupt: boolean;
  /** Aborted when the machine loses power: the download stops and reports nothing. */
  signal: AbortSignal;
}

/** Tries in a row that bring no new byte before the machine gives up (a real controller's limit). */
const TRIES_WITHOUT_PROGRESS = 3;
const STEPS = [0, 25, 50, 75, 100] as const;

class Dropped extends Error {}

/**
 * Downloads a firmware file as a controller does: over HTTP, resuming after a dropped connection
 * with `Range: bytes=<have>-` (starting over if the server answers the whole file instead), then
 * checks size and SHA-256 against the notice. Only an abort (power loss) rejects.
 */
export async function downloadFirmware(
  url: string,
  expected: ExpectedFile,
  options: DownloadOptions,
): Promise<DownloadResult> {
  const { signal } = options;
  const chunks: Uint8Array[] = [];
  let have = 0;
  let total = expected.size;
  let resumes = 0;
  let triesWithoutProgress = 0;
  let dropsLeft = options.drops;
  let stepsTold = 0;
  const tell = (done: boolean) => {
    const percent = done ? 100 : total ? Math.floor((have * 100) / total) : 0;
    while (stepsTold < STEPS.length && (STEPS[stepsTold] ?? 0) <= percent) options.onProgress(STEPS[stepsTold++] ?? 0);
  };
  tell(false);

  for (;;) {
    signal.throwIfAborted();
    if (have > 0) resumes++;
    let progressed = false;
    try {
      if (total !== undefined && options.lineDiesAt !== undefined && have >= total * options.lineDiesAt) {
        throw new Dropped();
      }
      const response = await fetch(url, { headers: have > 0 ? { range: `bytes=${have}-` } : {}, signal });
      if (have > 0 && response.status === 200) {
        // The server sent the whole file, not the rest: start over from it.
        chunks.length = 0;
        have = 0;
      } else if (response.status !== (have > 0 ? 206 : 200)) {
        await response.body?.cancel();
        throw new Error(`answered ${response.status}`);
      }
      if (total === undefined) {
        // Without a size in the notice, the answer's length (of the rest, when resuming) tells it.
        const length = Number(response.headers.get("content-length"));
        if (length > 0) total = have + length;
      }
      if (!response.body) throw new Error("no body");
      const reader = response.body.getReader();
      const dropAt = Math.min(
        dropsLeft > 0 && total ? have + Math.max(1, Math.floor((total - have) / 2)) : Number.POSITIVE_INFINITY,
        total !== undefined && options.lineDiesAt !== undefined
          ? Math.ceil(total * options.lineDiesAt)
          : Number.POSITIVE_INFINITY,
      );
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        have += value.length;
        progressed = true;
        tell(false);
        if (have >= dropAt && total !== undefined && have < total) {
          dropsLeft = Math.max(0, dropsLeft - 1);
          await reader.cancel();
          throw new Dropped();
        }
      }
      break;
    } catch (error) {
      if (signal.aborted) throw error;
      triesWithoutProgress = progressed ? 0 : triesWithoutProgress + 1;
      if (triesWithoutProgress >= TRIES_WITHOUT_PROGRESS) return { ok: false, reason: "download_interrupted", resumes };
    }
  }

  const bytes = Buffer.concat(chunks);
  if (options.corrupt && bytes.length > 0) bytes[0] = (bytes[0] ?? 0) ^ 0xff;
  const sizeMatches = expected.size === undefined || bytes.length === expected.size;
  const hashMatches =
    expected.sha256 === undefined || createHash("sha256").update(bytes).digest("hex") === expected.sha256;
  if (!sizeMatches || !hashMatches) return { ok: false, reason: "hash_mismatch", resumes };
  tell(true);
  return { ok: true, bytes, resumes };
}
