import { defineModule } from "../../platform/module.js";
import * as tables from "./tables.js";

export const accountsModule = defineModule({ name: "accounts", tables });
