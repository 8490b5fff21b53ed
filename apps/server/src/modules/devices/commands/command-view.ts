import { toSeconds } from "../../../platform/db/columns.js";
import type { deviceCommands } from "../tables.js";

type CommandRow = typeof deviceCommands.$inferSelect;

/** A command as the console sees it (list, live stream, the answer to issuing it). */
export function commandView(row: CommandRow) {
  return {
    id: row.id,
    device_id: row.deviceId,
    batch_id: row.batchId,
    kind: row.kind,
    args: row.args,
    state: row.state,
    via: row.via,
    reason: row.reason,
    detail: row.detail,
    result: row.result,
    late: row.late,
    account_id: row.accountId,
    created_at: toSeconds(row.createdAt),
    sent_at: toSeconds(row.sentAt),
    finished_at: toSeconds(row.finishedAt),
    expires_at: toSeconds(row.expiresAt),
  };
}
export type CommandView = ReturnType<typeof commandView>;
