import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createLocation, listLocations, modifyLocation, removeLocation } from "./service.js";

export function locationRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.location.list, (input, ctx) => listLocations(db, signedIn(ctx).scope, input));
  r.handle(API.location.create, async (input, ctx) => {
    const location = await createLocation(db, signedIn(ctx).scope, input);
    ctx.audit.target = `location:${location.id}`;
    return location;
  });
  r.handle(API.location.modify, async (input, ctx) => {
    ctx.audit.target = `location:${input.id}`;
    return modifyLocation(db, signedIn(ctx).scope, input);
  });
  r.handle(API.location.remove, async (input, ctx) => {
    ctx.audit.target = `location:${input.id}`;
    return removeLocation(db, signedIn(ctx).scope, input.id);
  });
}
