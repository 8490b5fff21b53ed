import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import { announceEndedSessions } from "../../platform/live/ended-sessions.js";
import type { AppDeps } from "../../platform/module.js";
import { getAccountInfo, revokeSession } from "../accounts/public.js";
import { login } from "./login.js";
import { modifyOwnProfile } from "./profile.js";
import { registerMerchant } from "./register.js";

export function authRoutes(r: Routes, { db, config, live, log }: AppDeps) {
  const announceFailed = (error: unknown) => log.warn({ err: error }, "ended sessions not announced");

  r.call(API.auth.login, (input, ctx) => login(db, config, input, ctx));

  r.call(API.auth.register, (input, ctx) => registerMerchant(db, config, input, ctx));

  r.call(API.auth.logout, async (_input, ctx) => {
    const { actor } = ctx;
    ctx.audit.target = `account:${actor.username}`;
    await revokeSession(db, actor.sessionId);
    // Its open live streams, on every instance, end now rather than at their next heartbeat.
    await announceEndedSessions(live, { accountId: actor.accountId, sessionId: actor.sessionId }, announceFailed);
    return {};
  });

  r.call(API.auth.modifyOwn, async (input, ctx) => {
    const changed = await modifyOwnProfile(db, ctx, input);
    if (changed.password_changed) {
      const { accountId, sessionId } = ctx.actor;
      await announceEndedSessions(live, { accountId, keptSessionId: sessionId }, announceFailed);
    }
    return changed;
  });

  r.call(API.auth.permissions, async (_input, ctx) => ({ permission_list: [...ctx.actor.permissions] }));

  r.call(API.auth.accountInfo, (_input, ctx) => getAccountInfo(db, ctx));
}
