import { API, LIMITS, type MachineType, rolloutCreateRequest, UPLOAD_FILE_FIELD } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { firmwareVersionCounts, refuseLockedMachines } from "../devices/public.js";
import { findVendorShop } from "../shops/public.js";
import { vendorTenant } from "../tenancy/public.js";
import { serveFirmwareDownloads } from "./download-route.js";
import { storeFirmwareFile } from "./firmware-files.js";
import {
  createFirmwarePackage,
  listFirmwarePackages,
  modifyFirmwarePackage,
  removeFirmwarePackage,
} from "./packages.js";
import { listRolloutTargets } from "./rollout-targets.js";
import {
  createRollout,
  findRollout,
  listRollouts,
  moveRollout,
  retryFailed,
  rolloutHistory,
  rolloutItem,
} from "./rollouts.js";

/** The OTA screen's calls (spec §7 "OTA"): firmware packages, rollouts and the version analysis. */
export function otaRoutes(r: Routes, deps: AppDeps) {
  const { db, files } = deps;
  const api = API.ota;
  r.call(
    api.uploadFirmware,
    async (_input, ctx) => {
      const file = await storeFirmwareFile(db, files, ctx.scope, ctx.upload);
      ctx.audit.target = `firmware_file:${file.file_key}`;
      return file;
    },
    { multipart: { maxBytes: LIMITS.uploadFirmwareMaxBytes, fileField: UPLOAD_FILE_FIELD } },
  );
  serveFirmwareDownloads(r.app, deps);
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
  r.call(api.createRollout, async (input, ctx) => {
    const rollout = await createRollout(db, ctx.scope, ctx.actor.accountId, input);
    ctx.audit.target = `firmware_rollout:${rollout.id} ${rollout.version}`;
    return rolloutItem(rollout);
  });
  r.call(api.upgradeDevice, async (input, ctx) => {
    ctx.audit.target = `device:${input.device_id}`;
    await refuseLockedMachines(db, vendorTenant(ctx.scope).vendorId, [input.device_id]);
    // A rollout of one machine, in one wave, under the same rules as any.
    const rollout = await createRollout(
      db,
      ctx.scope,
      ctx.actor.accountId,
      rolloutCreateRequest.parse({
        package_id: input.package_id,
        device_ids: [input.device_id],
        first_wave_count: 1,
        growth_factor: 1,
        success_threshold: 0,
        error_threshold: 100,
        min_finished: 1,
      }),
    );
    return rolloutItem(rollout);
  });
  r.call(api.rollouts, (input, ctx) => listRollouts(db, ctx.scope, input));
  r.call(api.rolloutHistory, async (input, ctx) => rolloutHistory(db, await findRollout(db, ctx.scope, input.id)));
  r.call(api.rolloutDevices, async (input, ctx) => listRolloutTargets(db, ctx.scope, input));
  for (const move of ["pause", "resume", "abort"] as const) {
    r.call(api[`${move}Rollout`], async (input, ctx) => {
      ctx.audit.target = `firmware_rollout:${input.id}`;
      return rolloutItem(await moveRollout(db, ctx.scope, input.id, move));
    });
  }
  r.call(api.retryFailed, async (input, ctx) => {
    ctx.audit.target = `firmware_rollout:${input.id}`;
    return rolloutItem(await retryFailed(db, ctx.scope, input.id));
  });
}
