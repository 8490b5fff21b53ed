import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { roleHolderCount } from "../roles/public.js";
import * as provides from "./public.js";
import { accountCountOfRole } from "./queries.js";
import * as tables from "./tables.js";

export const accountsModule = defineModule({
  name: "accounts",
  provides,
  fills: [fill(roleHolderCount, accountCountOfRole)],
  tables,
});
