import { parseArgs } from "node:util";
import { checkAppLinks, setAppLinks } from "../modules/system-config/public.js";
import type { Db } from "../platform/db/client.js";

/** The apps' download links (spec §2 "an app download QR"), which every console account's download screen shows. */
export const APP_LINKS_COMMANDS = ["set-app-links"];

export const APP_LINKS_USAGE = `  npm run cli -- set-app-links [--customer URL] [--operator URL]
                 Where the customer app and the operator app are downloaded (http or https): the
                 console's "App downloads" screen shows each as a QR code. An option left out keeps
                 its link; --customer "" clears it. With the embedded database, stop the server first.`;

/** set-app-links: checks both links before writing either. */
export async function appLinksCommand(args: string[], db: Db): Promise<string> {
  const { values } = parseArgs({ args, options: { customer: { type: "string" }, operator: { type: "string" } } });
  if (values.customer === undefined && values.operator === undefined) {
    throw new Error(`set-app-links needs --customer, --operator or both.\n\n${APP_LINKS_USAGE}`);
  }
  const change = {
    ...(values.customer === undefined ? {} : { customer_url: values.customer }),
    ...(values.operator === undefined ? {} : { operator_url: values.operator }),
  };
  const checked = checkAppLinks(change);
  if ("problem" in checked) throw new Error(`set-app-links: ${checked.problem}.`);
  await setAppLinks(db, checked.links);
  const said = (name: string, link: string | undefined) =>
    link === undefined ? [] : [`${name} app: ${link === "" ? "(not set)" : link}`];
  return [
    "App download links set.",
    ...said("Customer", checked.links.customer_url),
    ...said("Operator", checked.links.operator_url),
  ].join("\n");
}
