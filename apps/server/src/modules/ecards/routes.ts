import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createEcard, listEcards, modifyEcard, removeEcard } from "./service.js";

export function ecardRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.ecard.list, (input, ctx) => listEcards(db, signedIn(ctx).scope, input));
  r.handle(API.ecard.create, async (input, ctx) => {
    const card = await createEcard(db, signedIn(ctx).scope, input);
    ctx.audit.target = `ecard:${card.id}`;
    return card;
  });
  r.handle(API.ecard.modify, async (input, ctx) => {
    ctx.audit.target = `ecard:${input.id}`;
    return modifyEcard(db, signedIn(ctx).scope, input.id, input);
  });
  r.handle(API.ecard.remove, async (input, ctx) => {
    ctx.audit.target = `ecard:${input.id}`;
    return removeEcard(db, signedIn(ctx).scope, input.id);
  });
}
