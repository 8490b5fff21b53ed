import type { DeviceEvent } from "@washboard/device-protocol";
import { type OrderSource, paymentTypeOf } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { arrayParam } from "../../platform/db/array-param.js";
import { BatchWriter } from "../../platform/db/batch-writer.js";
import type { Db } from "../../platform/db/client.js";
import { newOrderNo } from "./order-numbers.js";
import { PAY_STATUS } from "./tables.js";

export interface DeviceSale {
  deviceId: number;
  serial: string;
  event: DeviceEvent;
}

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
 * Machine sales become orders in batches, beside the device log. The pay unique number is the
 * machine's serial and event id, so an event the broker delivers twice is one order; the vendor,
 * shop and currency are the machine's and its vendor's at the time.
 */
export function deviceOrderWriter(db: Db, onError: (error: unknown) => void) {
  return new BatchWriter<DeviceSale>({
    write: async (items) => {
      const rows = items.flatMap(({ deviceId, serial, event }) => {
        const sale = saleOf(event);
        if (!sale) return [];
        const at = new Date(event.ts * 1000);
        return [{ deviceId, unique: `${serial}:${event.id}`, orderNo: newOrderNo(at), at: at.toISOString(), ...sale }];
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
        join vendors v on v.id = d.vendor_id
        on conflict (pay_unique_no) do nothing`);
    },
    onError,
    concurrency: 2,
  });
}
