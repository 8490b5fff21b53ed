import { parseMoney } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { claimSystemConfig } from "../system-config/public.js";
import { setPricePerYear } from "./settings.js";

/** The demo platform's price of a machine-year in each demo merchant's currency, and a few more. */
const DEMO_PRICES: readonly [currency: string, amount: string][] = [
  ["MYR", "120.00"],
  ["THB", "950"],
  ["USD", "28.00"],
  ["SGD", "38.00"],
  ["JPY", "4200"],
];

const MARKER = "seed.demo.subscription_prices";

/** Sets the demo's renewal prices once; a price the platform set since is never changed. */
export async function seedDemoPrices(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    for (const [currency, amount] of DEMO_PRICES) {
      const minor = parseMoney(amount, currency);
      if (minor === null) throw new Error(`the demo price ${amount} ${currency} does not parse`);
      await setPricePerYear(tx, currency, minor);
    }
    return true;
  });
}
