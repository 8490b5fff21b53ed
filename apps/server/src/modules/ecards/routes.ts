import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createEcard, listEcards, modifyEcard, removeEcard } from "./service.js";

export function ecardRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.ecards.list, (input, ctx) => listEcards(db, ctx.scope, input));
  r.call(API.ecards.create, async (input, ctx) => {
    const card = await createEcard(db, ctx.scope, input);
    ctx.audit.target = `ecard:${card.id}`;
    return card;
  });
  r.call(API.ecards.modify, async (input, ctx) => {
    ctx.audit.target = `ecard:${input.id}`;
    return modifyEcard(db, ctx.scope, input.id, input);
  });
  r.call(API.ecards.remove, async (input, ctx) => {
    ctx.audit.target = `ecard:${input.id}`;
    return removeEcard(db, ctx.scope, input.id);
  });
}
