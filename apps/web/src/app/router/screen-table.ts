import type { Screen } from "./screens";

/** The screens the features declare, by route path (console-features.ts), and whether a path has one. */
export interface ScreenTable {
  screens: Readonly<Record<string, Screen>>;
  hasScreen: (path: string) => boolean;
  /** Starts loading a path's screen before it renders. */
  preload: (path: string) => void;
}

let table: ScreenTable | undefined;
let request: Promise<ScreenTable> | undefined;

/**
 * The features' screen table, loaded with the first page other than sign-in: the sign-in page needs
 * none of the features' declarations (nor what they import: the order screens' table pulls in the
 * shared schemas). A failed load is tried again on the next call.
 */
export function loadScreenTable(): Promise<ScreenTable> {
  request ??= import("../console-features").then(
    ({ SCREENS, hasScreen, preloadScreen }) => {
      table = { screens: SCREENS, hasScreen, preload: preloadScreen };
      return table;
    },
    (error: unknown) => {
      request = undefined;
      throw error;
    },
  );
  return request;
}

/** The table if it has loaded. */
export const loadedScreenTable = (): ScreenTable | undefined => table;
