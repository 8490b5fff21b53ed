import { defineModule } from "../module.js";
import * as tables from "./tables.js";

/** The versions that keep every instance's caches true to the database (version-fence.ts). */
export const cacheModule = defineModule({ name: "cache", tables });
