import { randomBytes } from "node:crypto";
import type { registerRequest, registerResult } from "@washboard/shared";
import type { z } from "zod";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db/client.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import { insertMerchantAdmin, takeAttempt } from "../accounts/public.js";
import { insertVendor } from "../tenancy/public.js";
import { startSession } from "./login.js";

type Input = z.output<typeof registerRequest>;
type Output = z.input<typeof registerResult>;

/** Abuse guard: registrations per address per hour, counted and checked in one statement. */
async function assertRegistrationAllowed(db: Db, config: Config, ip: string) {
  const allowed = await takeAttempt(db, `register:${ip}`, config.registrationsPerAddressPerHour, 3_600_000);
  if (!allowed) throw new AppError("RATE_LIMITED");
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
      const vendor = await insertVendor(tx, {
        name: input.merchant_name,
        currency: input.currency,
        language: input.language,
        timeZone: input.time_zone,
      });
      return insertMerchantAdmin(tx, {
        username,
        nickname: input.merchant_name.slice(0, 20),
        passwordHash,
        vendorId: vendor.id,
        browserId: input.mode === "quick" ? (input.browser_id ?? null) : null,
      });
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
