import { createContext, useContext } from "react";
import { useLocation } from "react-router";

/**
 * The route path a kept-alive page was opened for. Several routes may share one screen (the order
 * screens, the reports); a page kept alive behind another tab must go on showing its own route,
 * not the location the visible tab has moved to.
 */
export const ViewPathContext = createContext<string | null>(null);

/** The title (i18n key) of the route a kept-alive page was opened for: a list's export is named by it. */
export const ViewTitleContext = createContext<string | null>(null);

export function useViewPath(): string {
  const { pathname } = useLocation();
  return useContext(ViewPathContext) ?? pathname;
}
