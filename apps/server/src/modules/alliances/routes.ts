import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import {
  allianceEcards,
  createAlliance,
  listAlliances,
  modifyAlliance,
  removeAlliance,
  sessionAlliances,
  setAllianceStatus,
  shopsWithoutAlliance,
} from "./service.js";

export function allianceRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.alliance.list, (input, ctx) => listAlliances(db, signedIn(ctx).scope, input));
  r.handle(API.alliance.sessionList, (_input, ctx) => sessionAlliances(db, signedIn(ctx).scope));
  r.handle(API.alliance.freeShops, (_input, ctx) => shopsWithoutAlliance(db, signedIn(ctx).scope));
  r.handle(API.alliance.ecards, (_input, ctx) => allianceEcards(db, signedIn(ctx).scope));
  r.handle(API.alliance.create, async (input, ctx) => {
    const alliance = await createAlliance(db, signedIn(ctx).scope, input);
    ctx.audit.target = `alliance:${alliance.id}`;
    return alliance;
  });
  r.handle(API.alliance.modify, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return modifyAlliance(db, signedIn(ctx).scope, input);
  });
  r.handle(API.alliance.setStatus, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return setAllianceStatus(db, signedIn(ctx).scope, input.id, input.status);
  });
  r.handle(API.alliance.remove, async (input, ctx) => {
    ctx.audit.target = `alliance:${input.id}`;
    return removeAlliance(db, signedIn(ctx).scope, input.id);
  });
}
