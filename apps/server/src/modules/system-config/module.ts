import { defineModule } from "../../platform/module.js";
import { seedDemoAppLinks } from "./app-links.js";
import * as provides from "./public.js";
import { publicAddress, setPublicAddress } from "./queries.js";
import { systemConfigRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const systemConfigModule = defineModule({
  name: "systemConfig",
  provides,
  tables,
  routes: systemConfigRoutes,
  /** The demo's app download links (the platform administrator's set-app-links otherwise). */
  seedDemo: (db) => seedDemoAppLinks(db),
  /**
   * PUBLIC_URL, when set, is the install's public address (written to the `website` config). Without
   * any, providers cannot be given a notify address: payments through them are refused, and the
   * server says so at every start.
   */
  start: async ({ db, config, log }) => {
    try {
      if (config.publicUrl) await setPublicAddress(db, config.publicUrl);
      else if ((await publicAddress(db)) === null) {
        log.warn(
          "no public address is set (PUBLIC_URL, or npm run cli -- set-public-url): payments through providers are refused and pay QR codes carry a placeholder",
        );
      }
    } catch (error) {
      // The server serves without it; what depends on the address says so where it is used.
      log.error({ err: error }, "the public address could not be read or written");
    }
    return undefined;
  },
});
