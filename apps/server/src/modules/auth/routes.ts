import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { getAccountInfo } from "../accounts/account-info.js";
import { login } from "./login.js";
import { modifyOwnProfile } from "./profile.js";
import { revokeSession } from "./sessions.js";

export function authRoutes(r: EndpointRegistrar, { db, config }: AppDeps) {
  r.handle(API.auth.login, (input, ctx) => login(db, config, input, ctx));

  r.handle(API.auth.logout, async (_input, ctx) => {
    const { actor } = signedIn(ctx);
    ctx.audit.target = `account:${actor.username}`;
    await revokeSession(db, actor.sessionId);
    return {};
  });

  r.handle(API.auth.modifyOwn, (input, ctx) => modifyOwnProfile(db, signedIn(ctx), input));

  r.handle(API.auth.permissions, async (_input, ctx) => ({ permission_list: [...signedIn(ctx).actor.permissions] }));

  r.handle(API.auth.accountInfo, (_input, ctx) => getAccountInfo(db, signedIn(ctx)));
}
