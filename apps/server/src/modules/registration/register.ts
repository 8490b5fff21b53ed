import { randomBytes } from "node:crypto";
import { API, endpointId, type registerRequest, type registerResult } from "@washboard/shared";
import { and, count, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db/client.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import { accounts } from "../accounts/tables.js";
import { startSession } from "../auth/login.js";
import { operationLog } from "../operation-log/tables.js";
import { vendors } from "../tenancy/tables.js";

type Input = z.output<typeof registerRequest>;
type Output = z.input<typeof registerResult>;

const REGISTER_ACTION = endpointId(API.auth.register);

/** Abuse guard: registrations per address per hour, counted from the operation log. */
async function assertRegistrationAllowed(db: Db, config: Config, ip: string) {
  const since = new Date(Date.now() - 3_600_000);
  const [row] = await db
    .select({ n: count() })
    .from(operationLog)
    .where(and(eq(operationLog.action, REGISTER_ACTION), eq(operationLog.ip, ip), gt(operationLog.createdAt, since)));
  if ((row?.n ?? 0) >= config.registrationsPerAddressPerHour) throw new AppError("RATE_LIMITED");
}

function generatedUsername(): string {
  return `m${randomBytes(6).toString("hex")}`.slice(0, 12);
}

function generatedPassword(): string {
  return randomBytes(9).toString("base64url").slice(0, 12);
}

/**
 * Quick registration (spec §2): a new merchant — a vendor and its level-3 account — keyed to the
 * browser identifier so one browser registers once. Manual mode, for browsers that give no
 * identifier, takes the username and password the person chose.
 */
export async function registerMerchant(db: Db, config: Config, input: Input, ctx: RequestContext): Promise<Output> {
  ctx.audit.actorName = input.username ?? "quick-register";
  await assertRegistrationAllowed(db, config, ctx.ip);
  const username = input.mode === "manual" && input.username ? input.username : generatedUsername();
  const password = input.mode === "manual" && input.password ? input.password : generatedPassword();
  const passwordHash = await hashPassword(password);
  try {
    const account = await db.transaction(async (tx) => {
      const [vendor] = await tx
        .insert(vendors)
        .values({
          name: input.merchant_name,
          currency: input.currency,
          language: input.language,
          timeZone: input.time_zone,
        })
        .returning();
      if (!vendor) throw new AppError("INTERNAL_ERROR");
      const [created] = await tx
        .insert(accounts)
        .values({
          username,
          nickname: input.merchant_name.slice(0, 20),
          level: 3,
          passwordHash,
          vendorId: vendor.id,
          browserId: input.mode === "quick" ? (input.browser_id ?? null) : null,
        })
        .returning();
      if (!created) throw new AppError("INTERNAL_ERROR");
      return created;
    });
    ctx.audit.accountId = account.id;
    ctx.audit.vendorId = account.vendorId;
    ctx.audit.actorName = account.username;
    ctx.audit.target = `vendor:${account.vendorId}`;
    const session = await startSession(db, config, account, ctx);
    return input.mode === "quick" ? { ...session, generated_password: password } : session;
  } catch (error) {
    const constraint = isUniqueViolation(error);
    if (constraint === "accounts_browser_id_uq") throw new AppError("ALREADY_REGISTERED");
    if (constraint) throw new AppError("RECORD_EXISTS", { field: "username" });
    throw error;
  }
}
