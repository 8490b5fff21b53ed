import { vi } from "vitest";

/** A MediaQueryList for `query` that answers `matches` and never changes (happy-dom has none). */
export function fixedMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Whether a window `width` wide matches a min-/max-width media query. */
function widthMatches(query: string, width: number): boolean {
  const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
  const max = Number(/max-width:\s*(\d+(?:\.\d+)?)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
  return width >= min && width <= max;
}

/** matchMedia for a window `width` wide (happy-dom has none): the tests' default is a desktop's. */
export function matchMediaAt(width: number) {
  return (query: string) => fixedMediaQueryList(query, widthMatches(query, width));
}

/** The window as wide as `width` for one test: Ant Design's breakpoints and our own ask matchMedia. */
export function viewportOf(width: number): void {
  vi.spyOn(window, "matchMedia").mockImplementation(matchMediaAt(width));
}
