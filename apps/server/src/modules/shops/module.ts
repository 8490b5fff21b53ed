import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { allianceMembership } from "../alliances/public.js";
import { brandShopCount } from "../brands/public.js";
import { locationShopCount } from "../locations/public.js";
import { shopDeviceCount, shopPayQrCount } from "./ports.js";
import * as provides from "./public.js";
import {
  setAllianceMembers,
  shopCountOfAlliance,
  shopCountOfBrand,
  shopCountOfLocation,
  shopsOfAlliances,
  shopsWithoutAlliance,
} from "./queries.js";
import { shopRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const shopsModule = defineModule({
  name: "shops",
  provides,
  consumes: [shopDeviceCount, shopPayQrCount],
  fills: [
    fill(brandShopCount, shopCountOfBrand),
    fill(locationShopCount, shopCountOfLocation),
    fill(allianceMembership, {
      countOf: shopCountOfAlliance,
      membersOf: shopsOfAlliances,
      withoutAlliance: shopsWithoutAlliance,
      setMembers: setAllianceMembers,
    }),
  ],
  tables,
  routes: shopRoutes,
});
