import { defineModule } from "../../platform/module.js";
import { DEMO_VENDOR_NAMES } from "../../seed/demo.js";
import { registerRemoteCardHandler } from "../devices/public.js";
import { registerBalanceRefunder, registerCardPayer, registerMachineTopUp } from "../orders/public.js";
import { payByCard, refundToBalance } from "./balance-payments.js";
import { seedDemoMembers } from "./demo-members.js";
import { creditMachineTopUp, creditRemoteCard } from "./remote-cards.js";
import { memberRoutes } from "./routes.js";
import * as tables from "./tables.js";

// Balances are this module's: orders (card taps, kiosk top-ups, refunds of balance payments) and devices
// (remote card issue and top-up) act on them through these, never on its tables.
registerCardPayer(payByCard);
registerBalanceRefunder("mem_account", refundToBalance);
registerBalanceRefunder("mem_card", refundToBalance);
registerRemoteCardHandler(creditRemoteCard);
registerMachineTopUp(creditMachineTopUp);

/**
 * Members and user cards (spec §3 Member and Card): accounts with balances kept by an append-only
 * ledger, cards bound to them, the console's screens and the member app's API.
 */
export const membersModule = defineModule({
  name: "members",
  tables,
  routes: memberRoutes,
  seedDemo: (db, { tenantOnly }) => (tenantOnly ? Promise.resolve(false) : seedDemoMembers(db, DEMO_VENDOR_NAMES)),
});
