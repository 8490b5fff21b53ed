import { FEATURES } from "../features/registry";
import { routeRegistry } from "./router/route-registry";
import { type Screen, screensOf } from "./router/screens";

/*
 * The console's features, as their declarations say: the frame's one way into features/. The
 * router, the menu and the live stream build what they need from this list, naming no feature.
 */
export { FEATURES };

/** The screens that exist, by route path: a route of the route table opens (and shows in the menu) only with one. */
export const SCREENS = screensOf(FEATURES);

/** The path whose screen a route opens: its own, or, for a route a vendor variant added, the one it names. */
function screenPathOf(path: string): string {
  return routeRegistry.find(path)?.screenOf ?? path;
}

export function hasScreen(path: string): boolean {
  return Object.hasOwn(SCREENS, screenPathOf(path));
}

/** The screen a route opens, if any. */
export function screenFor(path: string): Screen | undefined {
  return hasScreen(path) ? SCREENS[screenPathOf(path)] : undefined;
}

/** Starts loading a path's screen before it renders (the first page of a signed-in reload). */
export function preloadScreen(path: string): void {
  for (const feature of FEATURES) {
    void feature.screens[screenPathOf(path)]
      ?.load()
      .then((page) => page.prefetch?.())
      .catch(() => undefined);
  }
}
