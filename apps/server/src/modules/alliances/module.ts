import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { ecardAllianceCount } from "../ecards/public.js";
import { allianceMembership } from "./ports.js";
import * as provides from "./public.js";
import { allianceCountOfEcard } from "./queries.js";
import { allianceRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const alliancesModule = defineModule({
  name: "alliances",
  provides,
  consumes: [allianceMembership],
  fills: [fill(ecardAllianceCount, allianceCountOfEcard)],
  tables,
  routes: allianceRoutes,
});
