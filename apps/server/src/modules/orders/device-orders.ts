import type { DeviceEvent } from "@washboard/device-protocol";
import { CARD_CREDIT_MACHINE_TYPES, type OrderSource, type PriceExplanation, paymentTypeOf } from "@washboard/shared";
import { eq, sql } from "drizzle-orm";
import { arrayParam } from "../../platform/db/array-param.js";
import { BatchWriter } from "../../platform/db/batch-writer.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { definePort } from "../../platform/ports.js";
import type { DeviceSale } from "../devices/public.js";
import { newOrderNo } from "./order-numbers.js";
import { promotionOf } from "./pending-orders.js";
import { orders, PAY_STATUS } from "./tables.js";

interface SaleOrder {
  source: OrderSource;
  startType: string | null;
  amount: number;
  program: string | null;
  cardNumber: string | null;
  /** Minutes of the cycle it starts (unknown for a card tap: its cycle is reported apart). */
  minutes: number | null;
}

/**
 * What a machine's event sells, if anything (docs/decisions.md "Orders from machines"): a cycle
 * paid in cash is a coin order at the program's price (the coins and notes that paid it are the cash
 * box's business); a card tap is a card order for the amount it took (the cycle it starts is not
 * another); a free start is an order of nothing. Starts that an order already paid for (an online
 * payment, started by its command) and card operations are not new orders.
 */
export function saleOf(event: DeviceEvent): SaleOrder | null {
  if (event.type === "card_used") {
    return {
      source: "mem_card",
      startType: "card",
      amount: event.amount,
      program: null,
      cardNumber: event.card_number,
      minutes: null,
    };
  }
  if (event.type !== "cycle_started") return null;
  const base = { startType: event.start_type, program: event.program, cardNumber: null, minutes: event.minutes };
  if (event.start_type === "coins") return { ...base, source: "coin", amount: event.price };
  if (event.start_type === "free_start" || event.start_type === "bluetooth_start") {
    return { ...base, source: "free_start", amount: 0 };
  }
  return null;
}

/**
 * Machines whose cash cycles are not sales: a kiosk's is balance sold for a card, a coin
 * exchanger's is change for a note. Counting either as machine revenue would count the money twice
 * (the card's later payments) or count money that was only changed; the device log keeps them.
 */
export const CASH_NOT_SALES = ["kiosk", "coin_exchanger"] as const;

/**
 * Machine sales become orders in batches, beside the device log. The pay unique number is the
 * machine's serial and event id, so an event the broker delivers twice is one order; the vendor,
 * shop and currency are the machine's and its vendor's at the time.
 */
export function deviceOrderWriter(
  db: Db,
  onError: (error: unknown) => void,
  setAside: (sale: DeviceSale, error: unknown) => Promise<void>,
) {
  return new BatchWriter<DeviceSale>({
    write: async (items) => {
      // A card tap or a kiosk's top-up moves a balance: each is its own transaction under the card's
      // lock, in order.
      for (const item of items) {
        if (item.event.type === "card_used") await writeCardSale(db, item);
        if (item.event.type === "card_topped_up") await writeMachineTopUp(db, item);
      }
      const rows = items.flatMap(({ deviceId, serial, event, key, at }) => {
        const sale = saleOf(event);
        if (!sale || event.type === "card_used") return [];
        return [{ deviceId, unique: `${serial}:${key}`, orderNo: newOrderNo(at), at: at.toISOString(), ...sale }];
      });
      if (rows.length === 0) return;
      const column = <T>(pick: (row: (typeof rows)[number]) => T) => arrayParam(rows.map(pick));
      await db.execute(sql`insert into orders (vendor_id, source, pay_type, start_type, order_no, pay_unique_no,
          amount, currency, pay_status, paid_at, shop_id, device_id, card_number, program, minutes, created_at)
        select d.vendor_id, s.source, s.pay_type, s.start_type, s.order_no, s.pay_unique_no, s.amount, v.currency,
          ${PAY_STATUS.paid}, s.at, d.shop_id, d.id, s.card_number, s.program, s.minutes, s.at
        from unnest(${column((r) => r.deviceId)}::int[], ${column((r) => r.source)}::varchar[],
          ${column((r) => paymentTypeOf(r.source))}::varchar[], ${column((r) => r.startType)}::varchar[],
          ${column((r) => r.orderNo)}::varchar[], ${column((r) => r.unique)}::varchar[],
          ${column((r) => r.amount)}::bigint[], ${column((r) => r.cardNumber)}::varchar[],
          ${column((r) => r.program)}::varchar[], ${column((r) => r.minutes)}::smallint[],
          ${column((r) => r.at)}::timestamptz[])
          as s(device_id, source, pay_type, start_type, order_no, pay_unique_no, amount, card_number, program, minutes, at)
        join devices d on d.id = s.device_id and d.vendor_id is not null
          and not (s.source = 'coin' and d.machine_type = any(${arrayParam([...CASH_NOT_SALES])}::varchar[]))
        join vendors v on v.id = d.vendor_id
        on conflict (pay_unique_no) do nothing`);
    },
    onError,
    setAside,
    concurrency: 2,
  });
}

/**
 * A card tap at a machine: the order and the card's debit in one transaction. The card payer (the
 * members module's) debits the vendor's card by its number; a card it refuses (unknown, disabled,
 * balance short) leaves the order unpaid with the reason, which the card orders screen shows. The
 * pay unique number makes a redelivered tap one order and one debit.
 */
export async function writeCardSale(db: Db, { deviceId, serial, event, key, at }: DeviceSale): Promise<void> {
  if (event.type !== "card_used") return;
  await db.transaction(async (tx) => {
    // One statement: the machine's row gives the order its vendor, shop and currency, and the card
    // payer the machine's type and its vendor's zone.
    const inserted = (await tx.execute(sql`with machine as (
        select d.vendor_id, d.shop_id, d.id, d.machine_type, v.currency, v.time_zone
        from devices d join vendors v on v.id = d.vendor_id
        where d.id = ${deviceId} and d.vendor_id is not null
      ), inserted as (
        insert into orders (vendor_id, source, pay_type, start_type, order_no, pay_unique_no, amount, currency,
          pay_status, paid_at, shop_id, device_id, card_number, created_at)
        select m.vendor_id, 'mem_card', ${paymentTypeOf("mem_card")}, 'card', ${newOrderNo(at)}, ${`${serial}:${key}`},
          ${event.amount}, m.currency, ${PAY_STATUS.unpaid}, null, m.shop_id, m.id, ${event.card_number}, ${at.toISOString()}
        from machine m
        on conflict (pay_unique_no) do nothing
        returning id, vendor_id, shop_id, order_no
      )
      select i.id, i.vendor_id, i.shop_id, i.order_no, m.machine_type, m.time_zone from inserted i cross join machine m`)) as unknown as {
      rows: {
        id: number;
        vendor_id: number;
        shop_id: number | null;
        order_no: string;
        machine_type: string;
        time_zone: string;
      }[];
    };
    const order = inserted.rows[0];
    if (!order) return;
    const outcome = await cardPayment.use()(tx, {
      vendorId: order.vendor_id,
      timeZone: order.time_zone,
      machineType: order.machine_type,
      cardNumber: event.card_number,
      amount: event.amount,
      orderNo: order.order_no,
      shopId: order.shop_id,
      at,
    });
    await tx
      .update(orders)
      .set(
        outcome.paid
          ? {
              payStatus: PAY_STATUS.paid,
              paidAt: at,
              memberId: outcome.memberId,
              amount: outcome.charged,
              ...(outcome.pricing ? { pricing: outcome.pricing, ...promotionOf(outcome.pricing) } : {}),
            }
          : { failureReason: outcome.reason.slice(0, 255), memberId: outcome.memberId ?? null },
      )
      .where(eq(orders.id, order.id));
  });
}

export type CardPayment =
  /** `pricing`: why it charged what it did, when the pricing engine priced the tap (the order keeps it). */
  | { paid: true; memberId: number | null; charged: number; pricing?: PriceExplanation }
  | { paid: false; reason: string; memberId?: number | null };

/** A card tap to pay: what the machine asked (`amount`) at which machine, shop and moment. */
export interface CardTap {
  vendorId: number;
  /** The vendor's zone, for the pricing rules' time windows. */
  timeZone: string;
  machineType: string;
  cardNumber: string;
  amount: number;
  orderNo: string;
  shopId: number | null;
  at: Date;
}

/** Debits a vendor's card for a tap, in the caller's transaction; the members module provides it. */
export type CardPayer = (tx: Tx, tap: CardTap) => Promise<CardPayment>;

/** How a card pays a tap: the module that keeps card balances fills it, so this one never reads card tables. */
export const cardPayment = definePort<CardPayer>("pay a machine's card tap from the card's balance");

/** A kiosk credited a card with money it took; the members module credits the vendor's card. */
export interface MachineTopUp {
  vendorId: number;
  shopId: number | null;
  deviceId: number;
  cardNumber: string;
  amount: number;
  /** The machine's serial and event id: a redelivered event credits once. */
  ref: string;
  at: Date;
}

/** What a kiosk's top-up does to a card: filled by the module that keeps card balances. */
export const machineTopUpCredit = definePort<(db: Db, topUp: MachineTopUp) => Promise<void>>(
  "credit a card with money a kiosk took for it",
);

/**
 * A kiosk's top-up is no sale (the card's later payments are); it is the card's other income. Only a
 * machine that can take money for cards credits one (the gateway refuses the others before they get
 * here; this holds even if one does).
 */
async function writeMachineTopUp(db: Db, { deviceId, serial, event, key, at }: DeviceSale): Promise<void> {
  if (event.type !== "card_topped_up") return;
  const found = (await db.execute(
    sql`select vendor_id, shop_id from devices where id = ${deviceId} and vendor_id is not null
      and machine_type = any(${arrayParam([...CARD_CREDIT_MACHINE_TYPES])}::varchar[])`,
  )) as unknown as { rows: { vendor_id: number; shop_id: number | null }[] };
  const device = found.rows[0];
  if (!device) return;
  await machineTopUpCredit.use()(db, {
    vendorId: device.vendor_id,
    shopId: device.shop_id,
    deviceId,
    cardNumber: event.card_number,
    amount: event.amount,
    ref: `machine:${serial}:${key}`,
    at,
  });
}
