import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createLocation, listLocations, modifyLocation, removeLocation } from "./service.js";

export function locationRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.locations.list, (input, ctx) => listLocations(db, ctx.scope, input));
  r.call(API.locations.create, async (input, ctx) => {
    const location = await createLocation(db, ctx.scope, input);
    ctx.audit.target = `location:${location.id}`;
    return location;
  });
  r.call(API.locations.modify, async (input, ctx) => {
    ctx.audit.target = `location:${input.id}`;
    return modifyLocation(db, ctx.scope, input);
  });
  r.call(API.locations.remove, async (input, ctx) => {
    ctx.audit.target = `location:${input.id}`;
    return removeLocation(db, ctx.scope, input.id);
  });
}
