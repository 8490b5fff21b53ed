import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createBrand, listBrands, modifyBrand, removeBrand, setBrandStatus } from "./service.js";

export function brandRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.brand.list, (input, ctx) => listBrands(db, signedIn(ctx).scope, input));
  r.handle(API.brand.create, async (input, ctx) => {
    const brand = await createBrand(db, signedIn(ctx).scope, input);
    ctx.audit.target = `brand:${brand.id}`;
    return brand;
  });
  r.handle(API.brand.modify, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return modifyBrand(db, signedIn(ctx).scope, input);
  });
  r.handle(API.brand.setStatus, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return setBrandStatus(db, signedIn(ctx).scope, input.id, input.status);
  });
  r.handle(API.brand.remove, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return removeBrand(db, signedIn(ctx).scope, input.id);
  });
}
