import { API } from "@washboard/shared";
import type { SignedInContext } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { vendorTenant } from "../tenancy/public.js";
import { registerAdminProvision } from "./admin-provision.js";
import { hookThrottle } from "./broker/hook-throttle.js";
import { registerBrokerHooks } from "./broker/http-hooks.js";
import type { CommandRequest } from "./commands/device-commands.js";
import { listDeviceLog } from "./device-log.js";
import { moneyLimitsOf, setMoneyLimits } from "./money-limits.js";
import { registerProtocolSchemas } from "./protocol-schemas.js";
import { claimDevice } from "./provision.js";
import { commandTarget, deviceIdsOfShop, type Targets } from "./queries.js";
import { deviceRuntime } from "./runtime.js";
import { bindDeviceShop, deviceQrCodes, listCommands, listDevices, listWildDevices, unbindDevice } from "./service.js";
import { deviceStatusCounts } from "./status-counts.js";
import { refuseLockedMachines } from "./subscriptions.js";

/** Commands about the cash box: its audit and reset stay open to an expired machine's operator. */
const CASH_BOX_KINDS: ReadonlySet<CommandRequest["kind"]> = new Set(["cashbox_audit", "cashbox_reset"]);

export function deviceRoutes(r: Routes, deps: AppDeps) {
  const { db, config } = deps;
  const runtime = deviceRuntime(deps);
  registerProtocolSchemas(r.app);
  registerBrokerHooks(r.app, runtime.hookAccess, config.mqttHookToken, hookThrottle(db, config), (serial) =>
    runtime.brokerSaysGone(serial),
  );

  /** The devices the operator chose (the selection, or every device of the shop), named in the log. */
  function targetIds(ctx: SignedInContext, targets: Targets) {
    ctx.audit.target = commandTarget(targets);
    return targets.device_ids ?? deviceIdsOfShop(db, vendorTenant(ctx.scope), targets.shop_id ?? 0);
  }

  /**
   * Issues `request` to the targets the operator chose. Remote control (all but the cash box's audit
   * and reset, the operator's own money) is refused for machines expired beyond their grace period.
   */
  async function issue(ctx: SignedInContext, targets: Targets, request: CommandRequest) {
    const ids = await targetIds(ctx, targets);
    if (ids.length === 0) return { commands: [] };
    const tenant = vendorTenant(ctx.scope);
    if (!CASH_BOX_KINDS.has(request.kind)) await refuseLockedMachines(db, tenant.vendorId, ids);
    return { commands: await runtime.commands.issue(tenant, ctx.actor.accountId, ids, request) };
  }

  r.call(API.devices.statusCounts, (_input, ctx) => deviceStatusCounts(db, ctx.scope));
  r.call(API.devices.list, (input, ctx) => listDevices(db, ctx.scope, input));
  r.call(API.devices.qrCodes, async (input, ctx) => {
    const ids = await targetIds(ctx, input);
    return { items: await deviceQrCodes(db, ctx.scope, ids) };
  });
  r.call(API.devices.commands, (input, ctx) => listCommands(db, ctx.scope, input));
  r.call(API.devices.log, (input, ctx) => listDeviceLog(db, ctx.scope, input));
  r.call(API.devices.moneyLimits, (_input, ctx) => moneyLimitsOf(db, ctx.scope));
  r.call(API.devices.setMoneyLimits, async (input, ctx) => {
    ctx.audit.target = `vendor:${vendorTenant(ctx.scope).vendorId}`;
    const limits = await setMoneyLimits(db, ctx.scope, input);
    // The gateway judges the next message of every machine with the new ceilings (on this instance
    // at once; on the others within the directory's half minute).
    runtime.directory.forgetAll();
    return limits;
  });
  r.call(API.devices.wildList, (input, ctx) => listWildDevices(db, ctx.scope, input));
  r.call(API.devices.bindShop, async (input, ctx) => {
    ctx.audit.target = `device:${input.device_id}`;
    return bindDeviceShop(db, ctx.scope, input.device_id, input.shop_id);
  });
  r.call(API.devices.claim, async (input, ctx) => {
    ctx.audit.target = `device:${input.serial_number}`;
    const claimed = await claimDevice(db, vendorTenant(ctx.scope), input.serial_number, input.claim_code);
    runtime.directory.forget(claimed.serial);
    return { id: claimed.id, serial_number: claimed.serial };
  });
  r.call(API.devices.bluetoothTicket, async ({ serial_number, ...start }, ctx) => {
    ctx.audit.target = `device:${serial_number}`;
    return runtime.commands.issueBluetooth(vendorTenant(ctx.scope), ctx.actor.accountId, serial_number, start);
  });
  r.call(API.devices.bluetoothAnswer, async (input, ctx) => {
    const command = await runtime.commands.acceptBluetoothAnswer(
      vendorTenant(ctx.scope),
      input.command_id,
      input.frame,
    );
    ctx.audit.target = `device:${command.device_id}`;
    return command;
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
    const ids = await targetIds(ctx, targets);
    const tenant = vendorTenant(ctx.scope);
    await refuseLockedMachines(db, tenant.vendorId, ids);
    return { commands: await runtime.setParams(tenant, ctx.actor.accountId, ids, params) };
  });
  registerAdminProvision(r.app, deps);
}
