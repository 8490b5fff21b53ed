import { API, ORDER_PROVIDER_IDS, type OrderSource, zonedDayEnd, zonedDayStart } from "@washboard/shared";
import { toSeconds } from "../../platform/db/columns.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { deviceOperationCounts, vendorDevicesForReports } from "../devices/queries.js";
import { cardBusinessByDay, rewardsByDay } from "../members/other-income.js";
import { operationsByActor } from "../operation-log/queries.js";
import { noFigures } from "../revenue/figures.js";
import { deviceFigures, sourceFiguresByDay, sourceFiguresByDayAndShop } from "../revenue/report-figures.js";
import { scopedVendor, type VendorRow } from "../tenancy/queries.js";

/** The period's first instant and the instant after its last, in the vendor's zone. */
function instantsOf(vendor: VendorRow, range: { from: string; to: string }) {
  return {
    from: new Date(zonedDayStart(range.from, vendor.timeZone) * 1000),
    to: new Date((zonedDayEnd(range.to, vendor.timeZone) + 1) * 1000),
  };
}

/**
 * The /form/* reports (spec §2, v_form keys): each reads the data of the module that owns it —
 * revenue rollups for money, the members' ledger for cards, the device commands, the operation log.
 */
export function reportRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.reports.accountOrders, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    return { items: await sourceFiguresByDayAndShop(db, vendor, input, ["mem_account"]) };
  });
  r.call(API.reports.payQrOperations, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    return { items: await sourceFiguresByDay(db, vendor, input, ORDER_PROVIDER_IDS as OrderSource[]) };
  });
  r.call(API.reports.vendingMachine, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const machines = (await vendorDevicesForReports(db, vendor.id, input.shop_id)).filter(
      (m) => m.type === "vending_machine",
    );
    const figures = await deviceFigures(
      db,
      vendor,
      input,
      machines.map((m) => m.id),
    );
    return {
      items: machines.map((m) => ({
        device_id: m.id,
        device_name: m.name,
        serial_number: m.serial,
        shop_name: m.shopName,
        ...(figures.get(m.id) ?? noFigures(vendor.currency)),
      })),
    };
  });
  r.call(API.reports.cardBusiness, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const rows = await cardBusinessByDay(db, vendor, input);
    return {
      items: rows.map((row) => ({
        day: row.day,
        shop_id: row.shopId,
        shop_name: row.shopName,
        currency: vendor.currency,
        new_cards: row.newCards,
        topups: row.topups,
        topup_amount: row.topupAmount,
        payments: row.payments,
        payment_amount: row.paymentAmount,
      })),
    };
  });
  r.call(API.reports.points, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const rows = await rewardsByDay(db, vendor, input);
    return { items: rows.map((row) => ({ ...row, currency: vendor.currency })) };
  });
  r.call(API.reports.deviceOperations, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const rows = await deviceOperationCounts(db, vendor.id, instantsOf(vendor, input), input.shop_id);
    return {
      items: rows.map((row) => ({
        device_id: row.id,
        device_name: row.name,
        serial_number: row.serial,
        shop_name: row.shopName,
        commands: row.commands,
        succeeded: row.succeeded,
        failed: row.failed,
        restarts: row.restarts,
        remote_starts: row.remoteStarts,
        cashbox: row.cashbox,
        parameters: row.parameters,
      })),
    };
  });
  r.call(API.reports.accountManager, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const rows = await operationsByActor(db, vendor.id, instantsOf(vendor, input));
    return {
      items: rows.map((row) => ({
        actor: row.actor,
        operations: row.operations,
        failures: row.failures,
        last_at: toSeconds(row.lastAt),
      })),
    };
  });
}
