import { ORDER_SCREENS } from "@washboard/shared";
import type { FeatureDeclaration, ScreenDeclaration } from "../../app/feature-contract";

/** Every order screen is one page, which reads its source from the route. */
const orders: ScreenDeclaration = { load: () => import("./OrdersPage") };

/** The order screens, one per source of orders (free starts, member accounts, each provider). */
export const feature: FeatureDeclaration = {
  screens: Object.fromEntries(ORDER_SCREENS.map((screen) => [screen.route, orders])),
  live: () => import("./live"),
};
