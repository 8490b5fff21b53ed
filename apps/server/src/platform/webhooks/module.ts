import { defineModule } from "../module.js";
import * as tables from "./tables.js";

/** The record of provider events acted on; the endpoints are each provider module's (`r.webhook`). */
export const webhooksModule = defineModule({ name: "webhooks", tables });
