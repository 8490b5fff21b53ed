import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { listNotices, markRead, unreadCount } from "./notices.js";

/** The notice list's calls: every console account reads the notices of its own audience. */
export function noticeRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  const api = API.notices;
  r.call(api.list, (input, ctx) => listNotices(db, { accountId: ctx.actor.accountId, scope: ctx.scope }, input));
  r.call(api.unreadCount, async (_input, ctx) => ({
    count: await unreadCount(db, { accountId: ctx.actor.accountId, scope: ctx.scope }),
  }));
  r.call(api.markRead, async (input, ctx) => {
    ctx.audit.target = input.all ? "notices:all" : `notices:${(input.ids ?? []).join(",")}`;
    return { marked: await markRead(db, { accountId: ctx.actor.accountId, scope: ctx.scope }, input) };
  });
}
