import { defineModule } from "../../platform/module.js";
import { seedDemoNotices } from "./demo-notices.js";
import * as provides from "./public.js";
import { noticeRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Platform notices (spec §2 "a notice list"): the platform administrator publishes them from the CLI
 * to everyone, a group or a vendor; each console account reads those of its audience, read state its own.
 */
export const noticesModule = defineModule({
  name: "notices",
  provides,
  tables,
  routes: noticeRoutes,
  seedDemo: (db, { demoVendorNames }) => seedDemoNotices(db, demoVendorNames),
});
