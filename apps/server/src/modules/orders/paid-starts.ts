import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { AppDeps } from "../../platform/module.js";
import { type OutboxHandler, PermanentFailure } from "../../platform/outbox/outbox.js";
import { commandOutcomes, deviceRuntime, releaseMachineHold } from "../devices/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { startRefund } from "./refunds/refund-service.js";
import { orders, PAY_STATUS, REFUND_STATUS } from "./tables.js";

/** Paid starts that ended badly are looked for this often (and right after a start is issued). */
export const START_SWEEP_MS = 2_000;

/** The start command's id, derived from the order: issuing it twice (an outbox redelivery) is one command. */
export function startCommandIdOf(orderNo: string): string {
  const hex = createHash("sha256").update(`paid-start:${orderNo}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Starts the machine a payment bought: a remote_start of the program the customer chose, at the
 * price paid, with start type online_payment. The command's id comes from the order, so the outbox
 * delivering this twice issues one command. A machine that cannot take it (offline, removed) fails
 * the start, and the sweep below refunds the order.
 */
export function paidStartDelivery(deps: AppDeps): OutboxHandler {
  const { db } = deps;
  return async (message) => {
    const { orderId } = message.payload as { orderId: number };
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!order?.deviceId || !order.purchase) throw new PermanentFailure(`order ${orderId} buys no cycle`);
    const commandId = startCommandIdOf(order.orderNo);
    await db
      .update(orders)
      .set({ startCommandId: commandId, startState: "starting" })
      .where(and(eq(orders.id, order.id), isNull(orders.startCommandId)));
    try {
      await deviceRuntime(deps).commands.issue(
        tenantOfVendor(order.vendorId),
        null,
        [order.deviceId],
        {
          kind: "remote_start",
          start_type: "online_payment",
          program: order.purchase.program,
          price: order.amount,
          minutes: order.purchase.minutes,
        },
        commandId,
      );
    } catch (error) {
      // The machine is no longer the vendor's (or gone): nothing can start, so the money goes back.
      await refundFailedStart(db, order.id, error instanceof Error ? error.message : String(error));
      return { started: false };
    }
    return { started: true, commandId };
  };
}

/**
 * Gives the money back for an order whose paid start failed, once: under the order's row lock, only
 * while nothing was refunded, with the reason the operator sees on the order. The machine is free
 * for the next customer.
 */
export async function refundFailedStart(db: Db, orderId: number, why: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.payStatus !== PAY_STATUS.paid || order.refundStatus !== REFUND_STATUS.none) return false;
    const reason = `The machine did not start: ${why}`.slice(0, 255);
    await tx.update(orders).set({ failureReason: reason, startState: "failed" }).where(eq(orders.id, order.id));
    await releaseMachineHold(tx, order.orderNo);
    await startRefund(tx, order, {
      amount: order.amount - order.refundedAmount,
      type: "automatic",
      reason,
      accountId: null,
    });
    return true;
  });
}

/**
 * Looks at the paid starts still waiting for their machine: a start the machine took is marked
 * started; one that failed, timed out or expired is refunded automatically.
 */
export async function sweepPaidStarts(db: Db): Promise<number> {
  const waiting = await db
    .select({ id: orders.id, orderNo: orders.orderNo, commandId: orders.startCommandId })
    .from(orders)
    .where(eq(orders.startState, "starting"));
  const outcomes = await commandOutcomes(
    db,
    waiting.flatMap((o) => (o.commandId ? [o.commandId] : [])),
  );
  let refunded = 0;
  for (const order of waiting) {
    const outcome = order.commandId ? outcomes.get(order.commandId) : undefined;
    if (outcome?.state === "succeeded") {
      // The machine is running the customer's cycle: its own state (busy) speaks for it now. One
      // transaction, so that no reader sees the order started while its machine is still held.
      await db.transaction(async (tx) => {
        await tx
          .update(orders)
          .set({ startState: "started" })
          .where(and(eq(orders.id, order.id), eq(orders.startState, "starting")));
        await releaseMachineHold(tx, order.orderNo);
      });
    } else if (outcome && ["failed", "timed_out", "expired"].includes(outcome.state)) {
      const why = outcome.state === "failed" ? (outcome.reason ?? "refused") : outcome.state.replace("_", " ");
      if (await refundFailedStart(db, order.id, why)) refunded++;
    }
  }
  return refunded;
}
