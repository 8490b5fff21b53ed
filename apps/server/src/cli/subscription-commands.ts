import { parseArgs } from "node:util";
import { currencyCode, parseMoney } from "@washboard/shared";
import { setPlatformPayPal, setPricePerYear, setSellerDetails } from "../modules/subscriptions/public.js";
import type { Config } from "../platform/config.js";
import type { Database } from "../platform/db/client.js";
import { createSecretBox, loadSecretKey } from "../platform/secrets/secret-box.js";

/** The platform administrator's renewal settings (docs/subscriptions-design.md), as the CLI sets them. */
export const SUBSCRIPTION_COMMANDS = ["set-subscription-price", "set-subscription-paypal", "set-platform-details"];

export const SUBSCRIPTION_USAGE = `  npm run cli -- set-subscription-price --currency MYR --amount 120.00
                 The price of one machine-year of subscription in a currency (the vendors of that
                 currency renew at it; orders already made keep their price).
  npm run cli -- set-subscription-paypal --client-id ID --client-secret SECRET --webhook-id ID
                 The platform's PayPal REST app that renewals are paid into, and the id of its
                 webhook for <public address>/webhooks/subscriptions/paypal (the secret is sealed).
                 SUBSCRIPTION_PAYPAL_CLIENT_ID, _CLIENT_SECRET and _WEBHOOK_ID in the server's
                 environment take precedence.
  npm run cli -- set-platform-details [--address TEXT] [--email ADDRESS] [--phone NUMBER]
                 The seller's details printed on renewal receipts (the site name is the sitename setting).`;

export async function subscriptionCommand(command: string, args: string[], database: Database, config: Config) {
  if (command === "set-subscription-price") {
    const { values } = parseArgs({ args, options: { currency: { type: "string" }, amount: { type: "string" } } });
    const currency = currencyCode.safeParse(values.currency?.toUpperCase());
    if (!currency.success || !values.amount) {
      throw new Error(`set-subscription-price needs --currency (an ISO code) and --amount.\n\n${SUBSCRIPTION_USAGE}`);
    }
    const minor = parseMoney(values.amount, currency.data);
    if (minor === null || minor <= 0) throw new Error(`${values.amount} is not a price in ${currency.data}.`);
    await setPricePerYear(database.db, currency.data, minor);
    console.log(`A machine-year costs ${values.amount} ${currency.data} (${minor} in minor units).`);
    return;
  }
  if (command === "set-subscription-paypal") {
    const { values } = parseArgs({
      args,
      options: {
        "client-id": { type: "string" },
        "client-secret": { type: "string" },
        "webhook-id": { type: "string" },
      },
    });
    const clientId = values["client-id"];
    const clientSecret = values["client-secret"];
    const webhookId = values["webhook-id"];
    if (!clientId || !clientSecret || !webhookId) {
      throw new Error(
        `set-subscription-paypal needs --client-id, --client-secret and --webhook-id.\n\n${SUBSCRIPTION_USAGE}`,
      );
    }
    const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
    await setPlatformPayPal(database.db, secrets, { clientId, clientSecret, webhookId });
    console.log(`Renewals are paid into the PayPal app ${clientId}.`);
    return;
  }
  const { values } = parseArgs({
    args,
    options: { address: { type: "string" }, email: { type: "string" }, phone: { type: "string" } },
  });
  await setSellerDetails(database.db, values);
  console.log("The platform's receipt details are set.");
}
