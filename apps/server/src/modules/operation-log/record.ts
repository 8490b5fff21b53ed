import type { RecentOperation } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import type { OperationRecord } from "../../platform/http/access.js";
import type { LiveBus } from "../../platform/live/bus.js";
import { operationLog } from "./tables.js";

/** Text as the log can keep it: no U+0000 (PostgreSQL text refuses it), and bounded. */
function storable(text: string, max: number): string {
  return text.replaceAll("\u0000", "").slice(0, max);
}

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== "string") return null;
  try {
    const parsed = JSON.parse(payload) as { code?: unknown };
    return typeof parsed.code === "string" ? parsed.code : null;
  } catch {
    return null;
  }
}

/**
 * Writes the row of one mutating call — actor, action, target, outcome, time and address — and tells
 * the consoles watching its tenant (the dashboard's recent operations update live).
 */
export async function recordOperation(
  db: Db,
  live: LiveBus,
  { ctx, action, statusCode, payload }: OperationRecord,
): Promise<void> {
  const success = statusCode < 400;
  const { actor, audit, scope } = ctx;
  const [row] = await db
    .insert(operationLog)
    .values({
      accountId: actor?.accountId ?? audit.accountId ?? null,
      actor: storable(actor?.username ?? audit.actorName ?? "", 64),
      groupId: audit.groupId !== undefined ? audit.groupId : (scope.groupId ?? actor?.groupId ?? null),
      vendorId: audit.vendorId !== undefined ? audit.vendorId : (scope.vendorId ?? actor?.vendorId ?? null),
      action,
      target: storable(audit.target ?? "", 1000),
      outcome: success ? "success" : "failure",
      errorCode: success ? null : errorCodeOf(payload),
      ip: ctx.ip,
    })
    .returning();
  if (!row) return;
  const data: RecentOperation = {
    id: row.id,
    action: row.action,
    outcome: row.outcome,
    created_at: toSeconds(row.createdAt),
    actor: row.actor,
  };
  // Not awaited: the call's answer does not wait for the consoles, and a bus that is down must not
  // turn a done call into an error.
  void live
    .publish({ topic: "operationLog.recorded", vendorId: row.vendorId, groupId: row.groupId, data })
    .catch(() => undefined);
}
