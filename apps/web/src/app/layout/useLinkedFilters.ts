import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { useViewPath } from "./view-path";

/** Filters a link put in a screen's address, and which link they came from. */
export interface LinkedFilters {
  /** The address's query (`#/shop/devices?search=WB-1-WAS-1` → `{ search: "WB-1-WAS-1" }`). */
  values: Readonly<Record<string, string>>;
  /** Changes with every link followed to the screen: a key for its filter form, so it starts over. */
  key: string;
}

const NONE: LinkedFilters = { values: {}, key: "" };

function linkedAt(location: { pathname: string; search: string; key: string }, path: string): LinkedFilters | null {
  if (location.pathname !== path || location.search === "") return null;
  return { values: Object.fromEntries(new URLSearchParams(location.search)), key: location.key };
}

/**
 * The filters a screen was opened with from elsewhere (the dashboard's machines, shops and figures
 * link to the screens that explain them). A screen kept alive in its tab takes a new link's filters
 * too, keeps its own when reopened from the menu (no query), and ignores links to other screens
 * while hidden behind them.
 */
export function useLinkedFilters(): LinkedFilters {
  const location = useLocation();
  const path = useViewPath();
  const [linked, setLinked] = useState<LinkedFilters>(() => linkedAt(location, path) ?? NONE);
  useEffect(() => {
    const next = linkedAt(location, path);
    if (next) setLinked((current) => (current.key === next.key ? current : next));
  }, [location, path]);
  return linked;
}
