import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createBrand, listBrands, modifyBrand, removeBrand, setBrandStatus } from "./service.js";

export function brandRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.brands.list, (input, ctx) => listBrands(db, ctx.scope, input));
  r.call(API.brands.create, async (input, ctx) => {
    const brand = await createBrand(db, ctx.scope, input);
    ctx.audit.target = `brand:${brand.id}`;
    return brand;
  });
  r.call(API.brands.modify, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return modifyBrand(db, ctx.scope, input);
  });
  r.call(API.brands.setStatus, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return setBrandStatus(db, ctx.scope, input.id, input.status);
  });
  r.call(API.brands.remove, async (input, ctx) => {
    ctx.audit.target = `brand:${input.id}`;
    return removeBrand(db, ctx.scope, input.id);
  });
}
