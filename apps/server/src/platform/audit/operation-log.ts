import { operationLog } from "../../modules/operation-log/tables.js";
import type { Db } from "../db/client.js";
import type { RequestContext } from "../http/context.js";

function errorCodeOf(payload: unknown): string | null {
  if (typeof payload !== "string") return null;
  try {
    const parsed = JSON.parse(payload) as { code?: unknown };
    return typeof parsed.code === "string" ? parsed.code : null;
  } catch {
    return null;
  }
}

/** Writes the row of one mutating call: actor, action, target, outcome, time and address. */
export async function writeOperationLog(
  db: Db,
  ctx: RequestContext,
  action: string,
  statusCode: number,
  payload: unknown,
): Promise<void> {
  const success = statusCode < 400;
  const { actor, audit, scope } = ctx;
  await db.insert(operationLog).values({
    accountId: actor?.accountId ?? audit.accountId ?? null,
    actor: (actor?.username ?? audit.actorName ?? "").slice(0, 64),
    groupId: audit.groupId !== undefined ? audit.groupId : (scope.groupId ?? actor?.groupId ?? null),
    vendorId: audit.vendorId !== undefined ? audit.vendorId : (scope.vendorId ?? actor?.vendorId ?? null),
    action,
    target: audit.target ?? "",
    outcome: success ? "success" : "failure",
    errorCode: success ? null : errorCodeOf(payload),
    ip: ctx.ip,
  });
}
