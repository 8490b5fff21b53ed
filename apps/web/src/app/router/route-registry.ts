import { ROUTES, type RouteMeta } from "@washboard/shared";
import { useSyncExternalStore } from "react";

/**
 * The routes the console knows: the shared table plus routes added at runtime (spec §2, "Routes
 * can be added at runtime"), e.g. a vendor's custom route map. Which of them have a screen is the
 * features' say (console-features.ts), not this table's.
 */
let runtime: RouteMeta[] = [];
const listeners = new Set<() => void>();
let snapshot: readonly RouteMeta[] = ROUTES;

export const routeRegistry = {
  all: () => snapshot,
  add(routes: RouteMeta[]) {
    runtime = [...runtime.filter((r) => !routes.some((n) => n.path === r.path)), ...routes];
    snapshot = [...ROUTES.filter((r) => !runtime.some((n) => n.path === r.path)), ...runtime];
    for (const l of listeners) l();
  },
  /** Logout resets the routes to the static table. */
  reset() {
    runtime = [];
    snapshot = ROUTES;
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  find(path: string): RouteMeta | undefined {
    return snapshot.find((r) => r.path === path);
  },
};

export function useRoutes(): readonly RouteMeta[] {
  return useSyncExternalStore(routeRegistry.subscribe, routeRegistry.all);
}
