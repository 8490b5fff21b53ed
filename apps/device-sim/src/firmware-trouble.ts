import type { FirmwareNotice } from "./command-answers.js";
import { downloadFirmware } from "./firmware-download.js";
import type { FirmwareUpdate, InstallOutcome } from "./machine.js";
import { chance, type Random } from "./random.js";

/**
 * How often each kind of trouble meets a firmware update, as shares of updates (0–1), each drawn on
 * its own. Those a retry may cure: a line that drops once and resumes (not a failure), a line that
 * dies half-way (`download_interrupted`), power lost while installing (`power_loss`). Those it will
 * not: a file damaged on the way (`hash_mismatch`), a version that does not boot (`rolled_back`:
 * the machine comes back on its old version and says nothing else).
 */
export interface FirmwareTrouble {
  resumed: number;
  interrupted: number;
  powerLoss: number;
  corrupt: number;
  rolledBack: number;
}

export const NO_FIRMWARE_TROUBLE: FirmwareTrouble = {
  resumed: 0,
  interrupted: 0,
  powerLoss: 0,
  corrupt: 0,
  rolledBack: 0,
};

/** An autonomous machine's update meets trouble now and then (about one in twenty fails), so the console shows what that looks like. */
export const LIFE_FIRMWARE_TROUBLE: FirmwareTrouble = {
  resumed: 0.1,
  interrupted: 0.01,
  powerLoss: 0.02,
  corrupt: 0.01,
  rolledBack: 0.01,
};

/** The update a notice starts on this machine: its download over the machine's line, and how the install ends. */
export function firmwareUpdateFor(notice: FirmwareNotice, trouble: FirmwareTrouble, random: Random): FirmwareUpdate {
  const drops = chance(random, trouble.resumed) ? 1 : 0;
  const lineDiesAt = chance(random, trouble.interrupted) ? 0.5 : undefined;
  const corrupt = chance(random, trouble.corrupt);
  const outcome: InstallOutcome = chance(random, trouble.powerLoss)
    ? "power_loss"
    : chance(random, trouble.rolledBack)
      ? "rolled_back"
      : "installed";
  const expected = {
    ...(notice.size !== undefined ? { size: notice.size } : {}),
    ...(notice.sha256 !== undefined ? { sha256: notice.sha256 } : {}),
  };
  return {
    download: (onProgress, signal) =>
      downloadFirmware(notice.url, expected, {
        onProgress,
        signal,
        drops,
        corrupt,
        ...(lineDiesAt !== undefined ? { lineDiesAt } : {}),
      }),
    outcome,
  };
}
