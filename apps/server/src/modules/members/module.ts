import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { remoteCardCredit } from "../devices/public.js";
import { balanceRefund, cardPayment, machineTopUpCredit } from "../orders/public.js";
import { invitePlace } from "../pay/public.js";
import { promotionGiftCounters } from "../promotions/public.js";
import { refundToBalance } from "./balance-payments.js";
import { payByCard } from "./card-taps.js";
import { COUPON_MAIL, couponMailDelivery } from "./coupon-mail.js";
import { seedDemoMembers } from "./demo-members.js";
import { invitedPlace } from "./invite-page.js";
import {
  giftCounters,
  giveWelfareGifts,
  REFERRAL_GIFT,
  referralGiftDelivery,
  WELFARE_SWEEP_MS,
} from "./promotion-gifts.js";
import * as provides from "./public.js";
import { creditMachineTopUp, creditRemoteCard } from "./remote-cards.js";
import { memberRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Members and user cards (spec §3 Member and Card): accounts with balances kept by an append-only
 * ledger, cards bound to them, the console's screens and the member app's API. Balances are this
 * module's: orders (card taps, kiosk top-ups, refunds of balance payments) and devices (remote card
 * issue and top-up) act on them through the ports it fills, never on its tables.
 */
export const membersModule = defineModule({
  name: "members",
  provides,
  fills: [
    fill(cardPayment, payByCard),
    fill(balanceRefund, refundToBalance),
    fill(machineTopUpCredit, creditMachineTopUp),
    fill(remoteCardCredit, creditRemoteCard),
    fill(promotionGiftCounters, giftCounters),
    fill(invitePlace, invitedPlace),
  ],
  tables,
  routes: memberRoutes,
  // Coupons given by e-mail: each batch's mails, through the group's SMTP; a referrer's gift.
  outbox: (deps) => ({ [COUPON_MAIL]: couponMailDelivery(deps), [REFERRAL_GIFT]: referralGiftDelivery(deps) }),
  // Welfare plans' gifts reach members who have not received them yet.
  async start({ db, log }) {
    const sweep = setInterval(() => {
      giveWelfareGifts(db).catch((error: unknown) => log.error({ err: error }, "welfare gift sweep failed"));
    }, WELFARE_SWEEP_MS);
    sweep.unref();
    return { stop: async () => clearInterval(sweep) };
  },
  seedDemo: (db, { tenantOnly, demoVendorNames }) =>
    tenantOnly ? Promise.resolve(false) : seedDemoMembers(db, demoVendorNames),
});
