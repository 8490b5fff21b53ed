import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  allianceEcards,
  createAlliance,
  freeShops,
  listAlliances,
  modifyAlliance,
  removeAlliance,
  sessionAlliances,
  setAllianceStatus,
} from "./service.js";

export function allianceRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.alliances.list, (input, ctx) => listAlliances(db, ctx.scope, input));
  r.call(API.alliances.sessionList, (_input, ctx) => sessionAlliances(db, ctx.scope));
  r.call(API.alliances.freeShops, (_input, ctx) => freeShops(db, ctx.scope));
  r.call(API.alliances.ecards, (_input, ctx) => allianceEcards(db, ctx.scope));
  r.call(API.alliances.create, async (input, ctx) => {
    const alliance = await createAlliance(db, ctx, input);
    ctx.audit.target = `alliance:${alliance.id}`;
    return alliance;
  });
  r.call(API.alliances.modify, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return modifyAlliance(db, ctx, input);
  });
  r.call(API.alliances.setStatus, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return setAllianceStatus(db, ctx.scope, input.id, input.status);
  });
  r.call(API.alliances.remove, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return removeAlliance(db, ctx.scope, input.id);
  });
}
