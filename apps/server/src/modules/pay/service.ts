import {
  type createPaymentRequest,
  type OrderProviderId,
  type PayMachine,
  type PaymentStatus,
  type PayPage,
  type payPlace,
  providerOf,
  providerTakes,
  SANDBOX_PROVIDER,
} from "@washboard/shared";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { AppDeps } from "../../platform/module.js";
import { takeAttempt } from "../accounts/public.js";
import { deviceBySerial, heldMachineIds, holdMachine, payableDevices } from "../devices/public.js";
import {
  adapterOf,
  cancelPayment,
  createPendingOrder,
  noteProviderRef,
  notifyPath,
  orderByNumber,
  ProviderError,
  paymentLapsed,
  payStatusName,
  providerCall,
  recordPayment,
  refundStatusName,
} from "../orders/public.js";
import { payQrByCode } from "../payqr/public.js";
import { programsOf, templatesWithOptions } from "../price-templates/public.js";
import { type PricingRules, pageRulesOf, priceOf, priceWith, rulesOf } from "../promotions/public.js";
import { findVendorShop } from "../shops/public.js";
import { publicAddress } from "../system-config/public.js";
import { findVendor, hiddenKeysOfVendor, tenantOfVendor } from "../tenancy/public.js";
import { payDiscountsOf, providerCredentials } from "../vendor-profile/public.js";
import { invitePlace } from "./ports.js";

type Place = z.output<typeof payPlace>;

/** The customer's page lives under this path of our site; the provider sends the customer back here. */
export const PAY_ORDER_PATH = "/pay/order/";

/**
 * The vendor, shop and (for a device-bound code or a sticker) machine a place names. An invitation
 * link names its vendor only: no shop, no machine.
 */
async function resolvePlace(
  db: Db,
  place: Place,
): Promise<{ vendorId: number; shopId: number | null; deviceId: number | null }> {
  if (place.code !== undefined) {
    const code = await payQrByCode(db, place.code);
    if (!code) throw new AppError("NOT_FOUND", { field: "code" });
    return { vendorId: code.vendorId, shopId: code.shopId, deviceId: code.bindMode === 2 ? code.deviceId : null };
  }
  if (place.invite !== undefined) {
    const invited = await invitePlace.use()(db, place.invite);
    if (!invited) throw new AppError("NOT_FOUND", { field: "invite" });
    return invited;
  }
  const device = await deviceBySerial(db, place.serial ?? "");
  if (!device) throw new AppError("NOT_FOUND", { field: "serial" });
  return { vendorId: device.vendorId, shopId: device.shopId, deviceId: device.id };
}

/** A place a customer pays at: one with a shop. An invitation link has none, so there is nothing to pay for there. */
async function shopPlace(db: Db, place: Place) {
  const where = await resolvePlace(db, place);
  if (where.shopId === null) throw new AppError("NOT_FOUND", { field: "code" });
  return { ...where, shopId: where.shopId };
}

/**
 * The providers a customer may pay with: switched on by the vendor, with a checkout we speak, and
 * every credential it needs filled in (a provider switched on without them would only fail).
 */
export async function payableProviders(deps: PayDeps, vendorId: number, enabled: readonly string[], currency: string) {
  const payable: OrderProviderId[] = [];
  // Without a public address no provider could notify us: only the sandbox (our own page) is offered.
  const reachable = (await publicAddress(deps.db)) !== null;
  for (const id of enabled) {
    const adapter = adapterOf(id);
    // A provider switched on before it was known not to take the vendor's currency offers nothing.
    if (!adapter?.startPayment || !providerTakes(id, currency)) continue;
    if (!reachable && id !== SANDBOX_PROVIDER.id) continue;
    const credentials = await providerCredentials(deps.db, deps.secrets, vendorId, id);
    const required = (providerOf(id)?.credentials ?? []).filter((field) => !field.optional);
    if (credentials && required.every((field) => credentials[field.name])) payable.push(adapter.id);
  }
  return payable;
}

type PayDeps = Pick<AppDeps, "db" | "secrets" | "config">;

/** The vendor as its machines are priced: its id, currency's owner and local hours. */
type PricedVendor = { id: number; timeZone: string };

/**
 * A place's machines with their state and programs, each program priced now by the pricing engine
 * (time-of-day price, promotion) before any provider's discount, with the reasons. `read` loads the
 * vendor's rules at that moment (the pay page's with its announcements, in the same statement), and
 * what it loaded is answered beside the machines.
 */
async function machinesAt<Read extends { rules: PricingRules }>(
  db: Db,
  vendor: PricedVendor,
  place: { shopId: number; deviceId: number | null },
  read: (at: Date) => Promise<Read>,
): Promise<{ machines: PayMachine[]; read: Read }> {
  const at = new Date();
  const rows = await payableDevices(db, tenantOfVendor(vendor.id), place);
  const [templates, held, loaded] = await Promise.all([
    templatesWithOptions(
      db,
      rows.flatMap((r) => (r.priceTemplateId ? [r.priceTemplateId] : [])),
    ),
    heldMachineIds(
      db,
      rows.map((r) => r.id),
    ),
    read(at),
  ]);
  const { rules } = loaded;
  const machines = rows.map((row): PayMachine => {
    const template = row.priceTemplateId ? templates.get(row.priceTemplateId) : undefined;
    const state = !row.online
      ? "offline"
      : row.faultCode
        ? "fault"
        : row.busy
          ? "busy"
          : held.has(row.id)
            ? "reserved"
            : "idle";
    const programs = programsOf(template).map((program) => {
      const priced = priceWith(rules, {
        vendor,
        shopId: place.shopId,
        machineType: row.machineType,
        listPrice: program.price,
        at,
      });
      return { ...program, price: priced.final_price, list_price: program.price, adjustments: priced.adjustments };
    });
    return {
      id: row.id,
      name: row.name,
      machine_number: row.machineNumber,
      machine_type: row.machineType,
      state,
      programs,
    };
  });
  return { machines, read: loaded };
}

/**
 * What a customer chose at a place: the vendor, the shop, a free machine there and one of its
 * programs at the price template's price (the pay page's payment, and the member app's).
 */
export async function chosenProgram(db: Db, place: Place, deviceId: number | null, option: string) {
  const where = await shopPlace(db, place);
  const vendor = await findVendor(db, where.vendorId);
  if (!vendor) throw new AppError("NOT_FOUND", { field: "code" });
  const rulesAt = async (at: Date) => ({ rules: await rulesOf(db, vendor, where.shopId, at) });
  const { machines } = await machinesAt(db, vendor, where, rulesAt);
  const machine = machines.find((m) => m.id === (deviceId ?? where.deviceId));
  if (!machine) throw new AppError("NOT_FOUND", { field: "device_id" });
  if (machine.state === "reserved") throw new AppError("DEVICE_RESERVED", { field: "device_id" });
  if (machine.state !== "idle") throw new AppError("DEVICE_UNAVAILABLE", { field: "device_id" });
  const program = machine.programs.find((p) => p.option === option);
  if (!program) throw new AppError("VALIDATION_FAILED", { field: "option", messageKey: "validation.invalid" });
  return { vendor, where, machine, program };
}

/** The vendor and shop (none for an invitation link) a place — a pay QR code, a machine's sticker, an invitation — belongs to. */
export async function vendorOfPlace(db: Db, place: Place) {
  const where = await resolvePlace(db, place);
  const vendor = await findVendor(db, where.vendorId);
  if (!vendor) throw new AppError("NOT_FOUND", { field: "code" });
  return { vendor, shopId: where.shopId };
}

export async function payPage(deps: PayDeps, place: Place): Promise<PayPage> {
  const { db } = deps;
  const where = await shopPlace(db, place);
  const [vendor, shop] = await Promise.all([
    findVendor(db, where.vendorId),
    findVendorShop(db, tenantOfVendor(where.vendorId), where.shopId),
  ]);
  if (!vendor || !shop) throw new AppError("NOT_FOUND", { field: "code" });
  const providers = await payableProviders(deps, vendor.id, vendor.enabledProviders, vendor.currency);
  const discounts = await payDiscountsOf(db, vendor.id);
  // A vendor whose variant hides announcements (a car wash) shows none, whatever was kept from before.
  const announced = !hiddenKeysOfVendor(vendor).includes("op_goodnews");
  const { machines, read } = await machinesAt(db, vendor, where, (at) =>
    announced
      ? pageRulesOf(db, vendor, where.shopId, at)
      : rulesOf(db, vendor, where.shopId, at).then((rules) => ({ rules, announcements: [] })),
  );
  return {
    shop_name: shop.name,
    shop_address: shop.address,
    currency: vendor.currency,
    providers,
    discounts: Object.fromEntries(
      providers.flatMap((id) => {
        const discount = discounts.get(id);
        return discount ? [[id, discount]] : [];
      }),
    ),
    machines,
    announcements: read.announcements,
  };
}

/** Payments started per address and per machine are counted over this window. */
const PAYMENT_LIMIT_WINDOW_MS = 10 * 60_000;

/**
 * Each payment start costs an order and a call to the provider, and anyone may ask: a customer's
 * address and a machine may start only so many in a window (counted in the database, so every
 * instance counts together).
 */
async function assertPaymentAllowed(deps: AppDeps, ip: string, deviceId: number): Promise<void> {
  const { db, config } = deps;
  const byAddress = await takeAttempt(db, `pay:ip:${ip}`, config.paymentsPerAddress, PAYMENT_LIMIT_WINDOW_MS);
  if (!byAddress) throw new AppError("RATE_LIMITED");
  const byMachine = await takeAttempt(db, `pay:device:${deviceId}`, config.paymentsPerMachine, PAYMENT_LIMIT_WINDOW_MS);
  if (!byMachine) throw new AppError("RATE_LIMITED", { field: "device_id" });
}

/**
 * A customer pays for a program of a free machine: an unpaid order that holds the machine for them
 * (no one else can start paying for it until they pay, cancel or the hold lapses), then the
 * provider's checkout (a page or a QR code) with the same expiry. The machine starts when the
 * provider says the order is paid.
 */
export async function createPayment(deps: AppDeps, input: z.output<typeof createPaymentRequest>, ip: string) {
  const { db } = deps;
  const { vendor, where, machine, program } = await chosenProgram(db, input.place, input.device_id, input.option);
  // A provider must be told where to notify: a placeholder address would leave the order unpaid
  // for ever after the customer paid. (The sandbox completes on our own page.)
  if (input.provider !== SANDBOX_PROVIDER.id && (await publicAddress(db)) === null) {
    throw new AppError("PUBLIC_URL_NOT_SET", { field: "provider" });
  }
  const adapter = (await payableProviders(deps, vendor.id, vendor.enabledProviders, vendor.currency)).includes(
    input.provider,
  )
    ? adapterOf(input.provider)
    : undefined;
  const call = adapter ? await providerCall(deps, adapter, vendor.id) : undefined;
  if (!adapter?.startPayment || !call) throw new AppError("PROVIDER_NOT_CONFIGURED", { field: "provider" });
  await assertPaymentAllowed(deps, ip, machine.id);
  // Priced again as the pay page priced it, now with the vendor's pay discount for this provider.
  const pricing = await priceOf(db, {
    vendor,
    shopId: where.shopId,
    machineType: machine.machine_type,
    listPrice: program.list_price,
    at: new Date(),
    payDiscount: { provider: adapter.id, percentOff: (await payDiscountsOf(db, vendor.id)).get(adapter.id) },
  });
  const amount = pricing.final_price;
  const expiresAt = new Date(Date.now() + deps.config.paymentHoldSeconds * 1000);
  const order = await db.transaction(async (tx) => {
    const pending = await createPendingOrder(tx, {
      vendorId: vendor.id,
      currency: vendor.currency,
      provider: adapter.id,
      shopId: where.shopId,
      deviceId: machine.id,
      amount,
      program: program.name,
      minutes: program.minutes,
      expiresAt,
      pricing,
    });
    const held = await holdMachine(tx, {
      deviceId: machine.id,
      vendorId: vendor.id,
      orderNo: pending.orderNo,
      expiresAt,
    });
    // Another customer's payment holds it: this order is undone with the transaction.
    if (!held) throw new AppError("DEVICE_RESERVED", { field: "device_id" });
    return pending;
  });
  try {
    const start = await adapter.startPayment(call, {
      orderNo: order.orderNo,
      amount: order.amount,
      currency: order.currency,
      description: `${machine.name || machine.machine_number} · ${program.name}`.slice(0, 120),
      notifyUrl: `${call.publicUrl}${notifyPath(adapter.id, vendor.id)}`,
      returnUrl: `${call.publicUrl}${PAY_ORDER_PATH}${order.orderNo}`,
      expiresAt,
    });
    if (start.providerRef) await noteProviderRef(db, order.id, start.providerRef);
    return {
      order_no: order.orderNo,
      kind: start.kind,
      target: start.kind === "redirect" ? start.url : start.content,
    };
  } catch (error) {
    // Nothing the customer can pay: the machine is free again (and the provider told, in case it
    // made the payment before failing to answer).
    await cancelPayment(db, order.orderNo);
    if (error instanceof ProviderError) throw new AppError("PROVIDER_FAILED", { message: error.message });
    throw error;
  }
}

export async function paymentStatus(db: Db, orderNo: string): Promise<PaymentStatus> {
  const found = await orderByNumber(db, orderNo);
  // Only payments customers started online: a machine's own sales are no customer's page.
  if (found?.order.startType !== "online_payment") throw new AppError("NOT_FOUND", { field: "order_no" });
  const { order, deviceName } = found;
  const paid = payStatusName(order.payStatus) === "paid";
  const start =
    order.startState === "started" || order.startState === "failed" || order.startState === "starting"
      ? order.startState
      : paid
        ? "starting"
        : "waiting";
  return {
    order_no: order.orderNo,
    provider: order.source,
    amount: order.amount,
    currency: order.currency,
    program: order.program ?? "",
    machine_name: deviceName ?? "",
    pay_status: payStatusName(order.payStatus),
    start,
    refund_status: refundStatusName(order.refundStatus),
    refund_amount: order.refundedAmount,
    expires_at: order.expiresAt === null ? null : Math.floor(order.expiresAt.getTime() / 1000),
    closed: order.closedAt !== null,
    pricing: order.pricing,
  };
}

/** The customer gives up their unpaid payment: closed here and at the provider, the machine freed. */
export async function cancelCustomerPayment(db: Db, orderNo: string): Promise<PaymentStatus> {
  const found = await orderByNumber(db, orderNo);
  if (found?.order.startType !== "online_payment") throw new AppError("NOT_FOUND", { field: "order_no" });
  await cancelPayment(db, orderNo);
  return paymentStatus(db, orderNo);
}

/**
 * The sandbox's "Pay" button: completes the payment through the path a provider's notification
 * takes (once only, then the machine starts). Only for the sandbox's orders, of a vendor that has it.
 */
export async function sandboxPay(deps: Pick<AppDeps, "db" | "metrics">, orderNo: string): Promise<PaymentStatus> {
  const { db } = deps;
  const found = await orderByNumber(db, orderNo);
  if (found?.order.source !== "sandbox") throw new AppError("NOT_FOUND", { field: "order_no" });
  const { order } = found;
  const vendor = await findVendor(db, order.vendorId);
  if (!vendor?.enabledProviders.includes("sandbox")) throw new AppError("PROVIDER_NOT_CONFIGURED");
  if (payStatusName(order.payStatus) === "unpaid" && paymentLapsed(order)) throw new AppError("PAYMENT_EXPIRED");
  const recorded = await db.transaction((tx) =>
    recordPayment(tx, order.vendorId, "sandbox", {
      kind: "payment",
      eventId: `sandbox:${order.orderNo}`,
      orderNo: order.orderNo,
      paid: true,
      tradeNo: `SBX${order.orderNo}`,
      transactionId: `SBX${order.orderNo}`,
      amount: order.amount,
      currency: order.currency,
      paidAt: new Date(),
    }),
  );
  deps.metrics.payments.paymentRecorded("sandbox", recorded);
  return paymentStatus(db, orderNo);
}
