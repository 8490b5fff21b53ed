import type { RouteMeta } from "@washboard/shared";
import { Suspense, useEffect, useState } from "react";
import { screenFor } from "../console-features";
import { routeRegistry } from "../router/route-registry";
import { PageSpinner } from "../ui/PageSpinner";
import { useTags } from "./tags-store";
import { ViewPathContext, ViewTitleContext } from "./view-path";

/**
 * Spec §2: visited pages stay alive (state kept) while their tab is open, unless the route is
 * marked noCache. Inactive pages are hidden, not unmounted.
 */
export function KeepAliveViews({
  route,
  refreshes,
}: {
  route: RouteMeta;
  refreshes: Readonly<Record<string, number>>;
}) {
  const tags = useTags();
  const [alive, setAlive] = useState<string[]>([]);

  useEffect(() => {
    setAlive((current) => {
      const open = current.filter((p) => tags.some((t) => t.path === p));
      return route.noCache || open.includes(route.path) ? open : [...open, route.path];
    });
  }, [route, tags]);

  // Pages whose tab was closed are dropped at once, so reopening one starts it afresh.
  const open = alive.filter((p) => tags.some((t) => t.path === p));
  const paths = route.noCache ? [route.path] : open.includes(route.path) ? open : [...open, route.path];
  return (
    <>
      {paths.map((path) => {
        const Screen = screenFor(path);
        if (!Screen) return null;
        const active = path === route.path;
        return (
          // The key changes only when this page's tab asks for a refresh, which remounts it.
          <div key={`${path}#${refreshes[path] ?? 0}`} hidden={!active} data-page={path}>
            <ViewPathContext.Provider value={path}>
              <ViewTitleContext.Provider value={routeRegistry.find(path)?.titleKey ?? null}>
                <Suspense fallback={<PageSpinner />}>
                  <Screen />
                </Suspense>
              </ViewTitleContext.Provider>
            </ViewPathContext.Provider>
          </div>
        );
      })}
    </>
  );
}
