import { ROUTES } from "@washboard/shared";
import type { FeatureDeclaration, ScreenDeclaration } from "../../app/feature-contract";

/** Every order screen is one page, which reads its source from the route. */
const orders: ScreenDeclaration = { load: () => import("./OrdersPage") };

/**
 * The order screens, one per source of orders (free starts, member accounts, each provider): the
 * route table's order section. Not the order contracts' list of screens, which would bring the
 * validation library into the frame before any order screen opens.
 */
export const feature: FeatureDeclaration = {
  screens: Object.fromEntries(ROUTES.filter((route) => route.group === "order").map((route) => [route.path, orders])),
  live: () => import("./live"),
};
