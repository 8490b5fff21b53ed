import { defineModule } from "../../platform/module.js";
import { otaRoutes } from "./routes.js";
import { OTA_TIMING, otaTick } from "./scheduler.js";
import * as tables from "./tables.js";

/**
 * Firmware over the air (spec §2 /ota/index): the vendor's firmware packages, rollouts worked by a
 * scheduler on every instance (each rollout by one at a time), and the version analysis of its
 * machines (docs/ota-design.md).
 */
export const otaModule = defineModule({
  name: "ota",
  tables,
  routes: otaRoutes,
  async start(deps) {
    const every = deps.config.otaTickMs;
    if (every <= 0) return { async stop() {} };
    let running: Promise<unknown> = Promise.resolve();
    let stopped = false;
    const timing = { ...OTA_TIMING, offlineSkipMs: deps.config.otaOfflineSkipMs };
    const tick = () => {
      // One tick at a time: a slow one delays the next instead of overlapping it.
      running = running
        .then(() => (stopped ? 0 : otaTick(deps, new Date(), timing)))
        .catch((error: unknown) => deps.log.error({ err: error }, "firmware rollout step failed"));
    };
    const timer = setInterval(tick, every);
    timer.unref();
    return {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  },
});
