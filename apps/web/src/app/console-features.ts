import { FEATURES } from "../features/registry";
import { screensOf } from "./router/screens";

/*
 * The console's features, as their declarations say: the frame's one way into features/. The
 * router, the menu and the live stream build what they need from this list, naming no feature.
 */
export { FEATURES };

/** The screens that exist, by route path: a route of the route table opens (and shows in the menu) only with one. */
export const SCREENS = screensOf(FEATURES);

export function hasScreen(path: string): boolean {
  return Object.hasOwn(SCREENS, path);
}

/** Starts loading a path's screen before it renders (the first page of a signed-in reload). */
export function preloadScreen(path: string): void {
  for (const feature of FEATURES) {
    void feature.screens[path]
      ?.load()
      .then((page) => page.prefetch?.())
      .catch(() => undefined);
  }
}
