import { defineModule } from "../../platform/module.js";
import { promotionGiftCounters } from "./gifts.js";
import { CLOCK_CHANGE_SWEEP_MS, resendAtClockChanges } from "./machine-prices.js";
import * as provides from "./public.js";
import { promotionRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const promotionsModule = defineModule({
  name: "promotions",
  provides,
  consumes: [promotionGiftCounters],
  tables,
  routes: promotionRoutes,
  // Machines with time-of-day prices are told their zone's new UTC offset when its clocks change.
  async start(deps) {
    const sweep = setInterval(() => {
      resendAtClockChanges(deps).catch((error: unknown) =>
        deps.log.error({ err: error }, "time-of-day prices' clock-change sweep failed"),
      );
    }, CLOCK_CHANGE_SWEEP_MS);
    sweep.unref();
    return { stop: async () => clearInterval(sweep) };
  },
});
