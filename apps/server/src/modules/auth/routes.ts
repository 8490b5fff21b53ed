import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { getAccountInfo } from "../accounts/account-info.js";
import { revokeSession } from "../accounts/sessions.js";
import { login } from "./login.js";
import { modifyOwnProfile } from "./profile.js";
import { registerMerchant } from "./register.js";

export function authRoutes(r: Routes, { db, config }: AppDeps) {
  r.call(API.auth.login, (input, ctx) => login(db, config, input, ctx));

  r.call(API.auth.register, (input, ctx) => registerMerchant(db, config, input, ctx));

  r.call(API.auth.logout, async (_input, ctx) => {
    const { actor } = ctx;
    ctx.audit.target = `account:${actor.username}`;
    await revokeSession(db, actor.sessionId);
    return {};
  });

  r.call(API.auth.modifyOwn, (input, ctx) => modifyOwnProfile(db, ctx, input));

  r.call(API.auth.permissions, async (_input, ctx) => ({ permission_list: [...ctx.actor.permissions] }));

  r.call(API.auth.accountInfo, (_input, ctx) => getAccountInfo(db, ctx));
}
