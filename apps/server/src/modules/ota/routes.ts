import { API, type MachineType } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { firmwareVersionCounts } from "../devices/public.js";
import { findVendorShop } from "../shops/public.js";
import { vendorTenant } from "../tenancy/public.js";
import {
  createFirmwarePackage,
  listFirmwarePackages,
  modifyFirmwarePackage,
  removeFirmwarePackage,
} from "./packages.js";

/** The OTA screen's calls (spec §7 "OTA"): firmware packages and the version analysis. */
export function otaRoutes(r: Routes, { db }: AppDeps) {
  const api = API.ota;
  r.call(api.packages, (input, ctx) => listFirmwarePackages(db, ctx.scope, input));
  r.call(api.createPackage, async (input, ctx) => {
    const item = await createFirmwarePackage(db, ctx.scope, input);
    ctx.audit.target = `firmware_package:${item.id} ${item.version}`;
    return item;
  });
  r.call(api.modifyPackage, async (input, ctx) => {
    ctx.audit.target = `firmware_package:${input.id} ${input.version}`;
    return modifyFirmwarePackage(db, ctx.scope, input);
  });
  r.call(api.removePackage, async (input, ctx) => {
    ctx.audit.target = `firmware_package:${input.id}`;
    return removeFirmwarePackage(db, ctx.scope, input.id);
  });
  r.call(api.versionAnalysis, async (input, ctx) => {
    const tenant = vendorTenant(ctx.scope);
    // Another vendor's shop is not found, as it would be anywhere else.
    if (input.shop_id !== undefined && !(await findVendorShop(db, tenant, input.shop_id))) {
      throw new AppError("NOT_FOUND");
    }
    const counts = await firmwareVersionCounts(db, tenant.vendorId, input.shop_id);
    return {
      items: counts.map((c) => ({
        machine_type: c.machineType as MachineType,
        firmware: c.firmware,
        devices: c.devices,
        online: c.online,
      })),
    };
  });
}
