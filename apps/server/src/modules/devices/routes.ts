import { API } from "@washboard/shared";
import type { SignedInContext } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { vendorTenant } from "../tenancy/scope.js";
import { registerBrokerHooks } from "./broker/http-hooks.js";
import type { CommandRequest } from "./commands/device-commands.js";
import { listDeviceLog } from "./device-log.js";
import { deviceRuntime } from "./runtime.js";
import {
  bindDeviceShop,
  deviceIdsOfShop,
  listCommands,
  listDevices,
  listWildDevices,
  unbindDevice,
} from "./service.js";
import { deviceStatusCounts } from "./status-counts.js";

type Targets = { device_ids?: number[] | undefined; shop_id?: number | undefined };

export function deviceRoutes(r: Routes, deps: AppDeps) {
  const { db, config } = deps;
  const runtime = deviceRuntime(deps);
  registerBrokerHooks(r.app, runtime.hookAccess, config.mqttHookToken);

  /** Issues `request` to the targets the operator chose: the selection, or every device of the shop. */
  async function issue(ctx: SignedInContext, targets: Targets, request: CommandRequest) {
    const tenant = vendorTenant(ctx.scope);
    // The log names what was commanded: one device, a whole shop, or how many were selected.
    ctx.audit.target =
      targets.shop_id !== undefined
        ? `shop:${targets.shop_id}`
        : targets.device_ids?.length === 1
          ? `device:${targets.device_ids[0]}`
          : `devices:${targets.device_ids?.length ?? 0}`;
    const ids = targets.device_ids ?? (await deviceIdsOfShop(db, tenant, targets.shop_id ?? 0));
    if (ids.length === 0) return { commands: [] };
    return { commands: await runtime.commands.issue(tenant, ctx.actor.accountId, ids, request) };
  }

  r.call(API.devices.statusCounts, (_input, ctx) => deviceStatusCounts(db, ctx.scope));
  r.call(API.devices.list, (input, ctx) => listDevices(db, ctx.scope, input));
  r.call(API.devices.commands, (input, ctx) => listCommands(db, ctx.scope, input));
  r.call(API.devices.log, (input, ctx) => listDeviceLog(db, ctx.scope, input));
  r.call(API.devices.wildList, (input, ctx) => listWildDevices(db, ctx.scope, input));
  r.call(API.devices.bindShop, async (input, ctx) => {
    ctx.audit.target = `device:${input.device_id}`;
    return bindDeviceShop(db, ctx.scope, input.device_id, input.shop_id);
  });
  r.call(API.devices.unbind, async (input, ctx) => {
    ctx.audit.target = `device:${input.device_id}`;
    return unbindDevice(db, ctx.scope, input.device_id);
  });
  r.call(API.devices.reboot, (input, ctx) => issue(ctx, input, { kind: "restart" }));
  r.call(API.devices.remoteStart, ({ device_ids, shop_id, ...start }, ctx) =>
    issue(ctx, { device_ids, shop_id }, { kind: "remote_start", ...start }),
  );
  r.call(API.devices.coinCollection, ({ action, ...targets }, ctx) =>
    issue(ctx, targets, { kind: action === "audit" ? "cashbox_audit" : "cashbox_reset" }),
  );
  r.call(API.devices.updateShadow, async ({ params, ...targets }, ctx) => {
    const answer = await issue(ctx, targets, { kind: "set_params", params });
    await runtime.desire(
      answer.commands.map((c) => c.device_id),
      params,
    );
    return answer;
  });
}
