import {
  DEFAULT_SITE_NAME,
  type SubscriptionOrderDetails,
  type SubscriptionOrderItem,
  type subscriptionOrderCreateRequest,
  type subscriptionOrdersRequest,
} from "@washboard/shared";
import { and, eq, getTableColumns, ne } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { AppError } from "../../platform/http/app-error.js";
import { ownedMachineOf, vendorMachines } from "../devices/public.js";
import { newSubscriptionOrderNo } from "../orders/public.js";
import { systemConfigValueOf } from "../system-config/public.js";
import { findVendor, type VendorTenant, vendorContactOf } from "../tenancy/public.js";
import { pricePerYear, SELLER_KEYS } from "./settings.js";
import { subscriptionOrderDevices, subscriptionOrders } from "./tables.js";

export type SubscriptionOrderRow = typeof subscriptionOrders.$inferSelect;

export function toOrderItem(row: SubscriptionOrderRow): SubscriptionOrderItem {
  return {
    id: row.id,
    order_number: row.orderNumber,
    state: row.state,
    currency: row.currency,
    unit_price: row.unitPrice,
    years: row.years,
    device_count: row.deviceCount,
    amount: row.amount,
    created_at: toSeconds(row.createdAt),
    paid_at: toSeconds(row.paidAt),
  };
}

async function vendorOf(db: Db, tenant: VendorTenant) {
  const vendor = await findVendor(db, tenant.vendorId);
  if (!vendor) throw new AppError("NOT_FOUND");
  return vendor;
}

/**
 * An unpaid order for machines of the vendor and a number of years, at the platform's price of a
 * machine-year in the vendor's currency now: the total is fixed when the order is made.
 */
export async function createSubscriptionOrder(
  db: Db,
  tenant: VendorTenant,
  input: z.output<typeof subscriptionOrderCreateRequest>,
): Promise<SubscriptionOrderDetails> {
  const vendor = await vendorOf(db, tenant);
  const price = await pricePerYear(db, vendor.currency);
  if (price === undefined) {
    throw new AppError("SUBSCRIPTION_PRICE_MISSING", { params: { currency: vendor.currency } });
  }
  const machines = await vendorMachines(db, tenant, input.device_ids);
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptionOrders)
      .values({
        vendorId: tenant.vendorId,
        orderNumber: newSubscriptionOrderNo(),
        currency: vendor.currency,
        unitPrice: price,
        years: input.years,
        deviceCount: machines.length,
        amount: price * input.years * machines.length,
      })
      .returning();
    if (!row) throw new Error("the renewal order was not written");
    await tx
      .insert(subscriptionOrderDevices)
      .values(machines.map((machine) => ({ orderId: row.id, deviceId: machine.id })));
    return row;
  });
  return orderDetails(db, tenant, order.id);
}

/** The vendor's order by id, NOT_FOUND when it is another's. */
export async function findVendorOrder(db: Db | Tx, tenant: VendorTenant, id: number, lock = false) {
  const query = db
    .select()
    .from(subscriptionOrders)
    .where(and(eq(subscriptionOrders.id, id), tenant.owns(subscriptionOrders)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** unpaid lists the orders not paid yet, whether or not the operator went to PayPal. */
function stateWhere(state: "paid" | "unpaid" | undefined) {
  if (state === "paid") return eq(subscriptionOrders.state, "paid");
  if (state === "unpaid") return ne(subscriptionOrders.state, "paid");
  return undefined;
}

/** The platform as the receipt names it: its site name and address, and what its administrator set. */
const sellerColumns = {
  sitename: systemConfigValueOf("sitename"),
  website: systemConfigValueOf("website"),
  address: systemConfigValueOf(SELLER_KEYS.address),
  email: systemConfigValueOf(SELLER_KEYS.email),
  phone: systemConfigValueOf(SELLER_KEYS.phone),
};

/**
 * One order with both parties, and its machines (their end dates before and after, once paid): two
 * statements side by side, each limited to the vendor's own order.
 */
export async function orderDetails(db: Db, tenant: VendorTenant, id: number): Promise<SubscriptionOrderDetails> {
  const own = and(eq(subscriptionOrders.id, id), tenant.owns(subscriptionOrders));
  const [[found], lines] = await Promise.all([
    db
      .select({
        order: getTableColumns(subscriptionOrders),
        buyer: vendorContactOf(subscriptionOrders.vendorId),
        ...sellerColumns,
      })
      .from(subscriptionOrders)
      .where(own),
    db
      .select({
        deviceId: subscriptionOrderDevices.deviceId,
        expiresBefore: subscriptionOrderDevices.expiresBefore,
        expiresAfter: subscriptionOrderDevices.expiresAfter,
        // A machine the vendor has since given away keeps its line, without its details.
        machine: ownedMachineOf(subscriptionOrderDevices.deviceId, subscriptionOrders.vendorId),
      })
      .from(subscriptionOrderDevices)
      .innerJoin(subscriptionOrders, eq(subscriptionOrders.id, subscriptionOrderDevices.orderId))
      .where(own),
  ]);
  if (!found) throw new AppError("NOT_FOUND");
  const { order, buyer, sitename, ...seller } = found;
  return {
    ...toOrderItem(order),
    lines: lines
      .map(({ machine, ...line }) => ({
        device_id: line.deviceId,
        serial: machine?.serial ?? "",
        name: machine?.name ?? "",
        shop_name: machine?.shop_name ?? null,
        // json_build_object's bigint may come back as text: a number, or null for no end date.
        expires_at: machine && machine.ends_at !== null ? Number(machine.ends_at) : null,
        expires_before: toSeconds(line.expiresBefore),
        expires_after: toSeconds(line.expiresAfter),
      }))
      .sort((a, b) => a.serial.localeCompare(b.serial) || a.device_id - b.device_id),
    seller: { name: sitename || DEFAULT_SITE_NAME, ...seller },
    buyer: buyer ?? { name: "", contact: "", phone: "" },
    payment_reference: order.captureId,
  };
}

/** The vendor's orders, newest first. */
export async function listSubscriptionOrders(
  db: Db,
  tenant: VendorTenant,
  input: z.output<typeof subscriptionOrdersRequest>,
) {
  const page = await listPage({
    where: and(tenant.owns(subscriptionOrders), stateWhere(input.state)),
    keyset: idKeyset(subscriptionOrders.id, (row: SubscriptionOrderRow) => row.id),
    input,
    rows: rowsFrom((total) => db.select({ ...getTableColumns(subscriptionOrders), total }).from(subscriptionOrders)),
    count: countOf(subscriptionOrders),
  });
  return { items: page.rows.map(toOrderItem), total: page.total, next_cursor: page.next_cursor };
}
