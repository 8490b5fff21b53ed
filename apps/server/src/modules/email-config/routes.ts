import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { groupTenant } from "../tenancy/public.js";
import { getEmailConfig, sendTestEmail, updateEmailConfig } from "./service.js";

export function emailConfigRoutes(r: Routes, { db, secrets, config }: AppDeps) {
  r.call(API.emailConfig.get, async (_input, ctx) => getEmailConfig(db, secrets, groupTenant(ctx.scope).groupId));
  r.call(API.emailConfig.update, async (input, ctx) => {
    const groupId = groupTenant(ctx.scope).groupId;
    ctx.audit.target = `group:${groupId}:email`;
    return updateEmailConfig(db, secrets, groupId, input);
  });
  r.call(API.emailConfig.sendTest, async (input, ctx) => {
    const groupId = groupTenant(ctx.scope).groupId;
    ctx.audit.target = `email:${input.to}`.slice(0, 255);
    return sendTestEmail(db, secrets, groupId, input.to, { allowPrivateHosts: config.smtpAllowPrivate });
  });
}
