import {
  isConsoleLevel,
  isPermissionLeaf,
  ROUTES,
  type RouteMeta,
  type VariantRouteItem,
  type VendorRoutesMap,
} from "@washboard/shared";
import { routeRegistry } from "./route-registry";

/**
 * A vendor variant's route map (Custom/get_vendor_routes_map) as routes of the registry: an entry
 * for a path of the table changes that route, keeping what it does not name; a new path is a route
 * of its own. An entry naming a permission the console does not know is left out rather than opened
 * to every sub-account.
 */
export function variantRoutes(map: VendorRoutesMap): RouteMeta[] {
  return map.routes.flatMap((item) => {
    if (item.permission !== undefined && !isPermissionLeaf(item.permission)) return [];
    return [
      toRouteMeta(
        item,
        ROUTES.find((route) => route.path === item.path),
      ),
    ];
  });
}

function toRouteMeta(item: VariantRouteItem, base: RouteMeta | undefined): RouteMeta {
  const route: RouteMeta = { ...base, path: item.path, titleKey: item.title_key };
  if (item.group) route.group = item.group;
  if (item.levels) route.levels = item.levels.filter(isConsoleLevel);
  if (item.permission !== undefined && isPermissionLeaf(item.permission)) route.permission = item.permission;
  if (item.screen_of) route.screenOf = item.screen_of;
  if (item.hidden !== undefined) route.hidden = item.hidden;
  return route;
}

/** Applies the signed-in vendor's route map (sign-out resets the registry to the table). */
export function applyRoutesMap(map: VendorRoutesMap): void {
  routeRegistry.add(variantRoutes(map));
}
