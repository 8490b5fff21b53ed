import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { RemoteCardDone } from "../devices/public.js";
import type { MachineTopUp } from "../orders/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { move } from "./ledger.js";
import { CARD_STATUS, cards } from "./tables.js";

/**
 * A machine issued or topped up the card in its own reader (a remote start of type remote card issue
 * or remote card top-up): the card is the vendor's from then on — registered if the vendor did not
 * know it — and receives the start's price as a top-up, once per command.
 */
export async function creditRemoteCard(db: Db, done: RemoteCardDone): Promise<void> {
  const tenant = tenantOfVendor(done.vendorId);
  const known = () =>
    db
      .select({ id: cards.id })
      .from(cards)
      .where(
        and(
          tenant.owns(cards),
          isNull(cards.removedAt),
          or(eq(cards.cardNumber, done.card.card_number), eq(cards.uuid, done.card.uuid)),
        ),
      )
      .limit(1);
  let [card] = await known();
  if (!card) {
    // Two answers about one new card at once: the unique indexes keep one row, the other reads it.
    await db
      .insert(cards)
      .values({ vendorId: done.vendorId, uuid: done.card.uuid, cardNumber: done.card.card_number, type: "ordinary" })
      .onConflictDoNothing();
    [card] = await known();
  }
  if (!card || done.price <= 0) return;
  const what = done.startType === "remote_card_issue" ? "Remote card issue" : "Remote top-up";
  await move(db, done.vendorId, { kind: "card", id: card.id }, [{ purse: "card", kind: "topup", amount: done.price }], {
    paid: done.price,
    reason: `${what} at machine ${done.deviceId}`,
    shopId: done.shopId,
    ref: `command:${done.commandId}`,
  });
}

/**
 * A kiosk topped up a card with the money the customer put in: the vendor's card (known, not
 * removed or disabled) receives it as a paid top-up, once per event. A card the vendor does not
 * know receives nothing; the event stays in the device log.
 */
export async function creditMachineTopUp(db: Db, topUp: MachineTopUp): Promise<void> {
  if (topUp.amount <= 0) return;
  const [card] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(
      and(
        tenantOfVendor(topUp.vendorId).owns(cards),
        isNull(cards.removedAt),
        ne(cards.status, CARD_STATUS.disabled),
        eq(cards.cardNumber, topUp.cardNumber),
      ),
    )
    .limit(1);
  if (!card) return;
  await move(
    db,
    topUp.vendorId,
    { kind: "card", id: card.id },
    [{ purse: "card", kind: "topup", amount: topUp.amount }],
    {
      paid: topUp.amount,
      reason: `Top-up at kiosk ${topUp.deviceId}`,
      shopId: topUp.shopId,
      ref: topUp.ref,
      at: topUp.at,
    },
  );
}
