import { useSyncExternalStore } from "react";

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The narrowest width that is not a phone's (Ant Design's `md`). */
export const TABLET_MIN_WIDTH = 768;

/** Whether the window is a phone's: lists fold their filters, columns and row actions there. */
export function usePhone(): boolean {
  return !useMediaQuery(`(min-width: ${TABLET_MIN_WIDTH}px)`);
}
