import {
  type FormReportKey,
  ORDER_PROVIDER_IDS,
  type OrderSource,
  type ReportRange,
  zonedDayEnd,
  zonedDayStart,
} from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { deviceEventSums, deviceOperationCounts, vendorDevicesForReports } from "../devices/public.js";
import { cardBusinessByDay, couponsByDay, rewardsByDay } from "../members/public.js";
import { operationsByActor } from "../operation-log/public.js";
import { deviceFigures, noFigures, sourceFiguresByDay, sourceFiguresByDayAndShop } from "../revenue/public.js";
import type { VendorRow } from "../tenancy/public.js";

/** The period's first instant and the instant after its last, in the vendor's zone. */
function instantsOf(vendor: VendorRow, range: { from: string; to: string }) {
  return {
    from: new Date(zonedDayStart(range.from, vendor.timeZone) * 1000),
    to: new Date((zonedDayEnd(range.to, vendor.timeZone) + 1) * 1000),
  };
}

type Range = Pick<ReportRange, "from" | "to" | "shop_id" | "device_id">;

const CASH_IN = ["coin_inserted", "note_inserted"] as const;

/**
 * The vendor's machines of one type with what their device log says over the period: each event
 * type's count and amount (a machine that reported nothing has zeros).
 */
async function machinesWithEvents(db: Db, vendor: VendorRow, range: Range, machineType: string, types: string[]) {
  const machines = (await vendorDevicesForReports(db, vendor.id, range.shop_id, range.device_id)).filter(
    (m) => m.type === machineType,
  );
  const sums = await deviceEventSums(
    db,
    vendor.id,
    instantsOf(vendor, range),
    [...types, ...CASH_IN],
    machines.map((m) => m.id),
  );
  return machines.map((m) => {
    const of = (type: string) => sums.get(m.id)?.get(type) ?? { count: 0, amount: 0 };
    return {
      machine: {
        device_id: m.id,
        device_name: m.name,
        serial_number: m.serial,
        shop_name: m.shopName,
        currency: vendor.currency,
        cash_in: CASH_IN.reduce((n, type) => n + of(type).amount, 0),
      },
      of,
    };
  });
}
type RowsOf = (db: Db, vendor: VendorRow, range: Range) => Promise<unknown[]>;

/**
 * The rows of each /form/* report (spec §2, v_form keys), read through the module that owns the
 * data — revenue rollups for money, the members' ledger for cards, the device commands, the
 * operation log. The console's call and the scheduled mail read the same rows.
 */
export const REPORT_ROWS: Record<FormReportKey, RowsOf> = {
  form_card: async (db, vendor, range) =>
    (await couponsByDay(db, vendor, range)).map((row) => ({ ...row, currency: vendor.currency })),
  form_account: (db, vendor, range) => sourceFiguresByDayAndShop(db, vendor, range, ["mem_account"]),
  form_payqr_operations: (db, vendor, range) =>
    sourceFiguresByDay(db, vendor, range, ORDER_PROVIDER_IDS as OrderSource[]),
  form_vending_machine: async (db, vendor, range) => {
    const machines = (await vendorDevicesForReports(db, vendor.id, range.shop_id, range.device_id)).filter(
      (m) => m.type === "vending_machine",
    );
    const figures = await deviceFigures(
      db,
      vendor,
      range,
      machines.map((m) => m.id),
    );
    return machines.map((m) => ({
      device_id: m.id,
      device_name: m.name,
      serial_number: m.serial,
      shop_name: m.shopName,
      ...(figures.get(m.id) ?? noFigures(vendor.currency)),
    }));
  },
  form_card_buss: async (db, vendor, range) =>
    (await cardBusinessByDay(db, vendor, range)).map((row) => ({
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
  form_point: async (db, vendor, range) =>
    (await rewardsByDay(db, vendor, range)).map((row) => ({ ...row, currency: vendor.currency })),
  // A kiosk's top-ups and an exchanger's change are not sales (orders/device-orders.ts): their
  // reports read what the machines reported.
  form_kiosk: async (db, vendor, range) =>
    (await machinesWithEvents(db, vendor, range, "kiosk", ["card_topped_up"])).map(({ machine, of }) => ({
      ...machine,
      topups: of("card_topped_up").count,
      topup_amount: of("card_topped_up").amount,
    })),
  form_coin_exchanger: async (db, vendor, range) =>
    (await machinesWithEvents(db, vendor, range, "coin_exchanger", ["change_given"])).map(({ machine, of }) => ({
      ...machine,
      exchanges: of("change_given").count,
      change_given: of("change_given").amount,
    })),
  form_device_operations: async (db, vendor, range) =>
    (await deviceOperationCounts(db, vendor.id, instantsOf(vendor, range), range.shop_id, range.device_id)).map(
      (row) => ({
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
      }),
    ),
  form_account_manager: async (db, vendor, range) =>
    (await operationsByActor(db, vendor.id, instantsOf(vendor, range))).map((row) => ({
      actor: row.actor,
      operations: row.operations,
      failures: row.failures,
      last_at: toSeconds(row.lastAt),
    })),
};
