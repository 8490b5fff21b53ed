import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { ownGroup } from "../../platform/http/scope.js";
import { getEmailConfig, sendTestEmail, updateEmailConfig } from "./service.js";

export function emailConfigRoutes(r: EndpointRegistrar, { db, secrets, config }: AppDeps) {
  r.handle(API.emailConfig.get, async (_input, ctx) => getEmailConfig(db, secrets, ownGroup(signedIn(ctx).scope)));
  r.handle(API.emailConfig.update, async (input, ctx) => {
    const groupId = ownGroup(signedIn(ctx).scope);
    ctx.audit.target = `group:${groupId}:email`;
    return updateEmailConfig(db, secrets, groupId, input);
  });
  r.handle(API.emailConfig.sendTest, async (input, ctx) => {
    const groupId = ownGroup(signedIn(ctx).scope);
    ctx.audit.target = `email:${input.to}`.slice(0, 255);
    return sendTestEmail(db, secrets, groupId, input.to, { allowPrivateHosts: config.smtpAllowPrivate });
  });
}
