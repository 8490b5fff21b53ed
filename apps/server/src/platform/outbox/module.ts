import { defineModule } from "../module.js";
import { OutboxWorker } from "./outbox.js";
import * as tables from "./tables.js";

/** The outbox's table and its worker, which delivers the messages of every module's kinds. */
export const outboxModule = defineModule({
  name: "outbox",
  tables,
  async start({ database, outboxHandlers }) {
    const worker = new OutboxWorker(database, outboxHandlers);
    await worker.start();
    return { stop: () => worker.stop() };
  },
});
