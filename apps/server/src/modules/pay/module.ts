import { defineModule } from "../../platform/module.js";
import { invitePlace } from "./ports.js";
import * as provides from "./public.js";
import { payRoutes } from "./routes.js";

/**
 * The customer's side of a pay QR code or a machine's sticker: the public calls behind the pay
 * page (its document is served with the console's, under /pay/). Orders and providers are the
 * orders module's; this module only lets a customer reach them. An invitation link is a place too
 * (the member app's registration and sign-in through it): the members module, which owns the links,
 * finds its vendor.
 */
export const payModule = defineModule({ name: "pay", provides, consumes: [invitePlace], routes: payRoutes });
