import { defineModule } from "../../platform/module.js";
import { reportMailDelivery } from "./report-mail.js";
import { reportRoutes } from "./routes.js";
import { queueDueMails, REPORT_MAIL } from "./subscriptions.js";
import * as tables from "./tables.js";

/** How often due scheduled reports are looked for: mails go at 06:00 vendor time, to the minute. */
const SCHEDULE_TICK_MS = 60_000;

/**
 * The /form/* reports (each reads through the module that owns its data) and their e-mailed
 * schedules: a timer queues the due mails in the outbox, which delivers them.
 */
export const reportsModule = defineModule({
  name: "reports",
  tables,
  routes: reportRoutes,
  outbox: (deps) => ({ [REPORT_MAIL]: reportMailDelivery(deps) }),
  async start({ db, log }) {
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = queueDueMails(db).catch((error: unknown) =>
        log.error({ err: error }, "queueing scheduled reports failed"),
      );
    };
    tick();
    const timer = setInterval(tick, SCHEDULE_TICK_MS);
    timer.unref();
    return {
      async stop() {
        clearInterval(timer);
        await running;
      },
    };
  },
});
