import { NO_PERMISSION_ROUTE, ROUTES, type RouteMeta } from "@washboard/shared";
import { useSyncExternalStore } from "react";
import { onSignOut } from "../session/sign-out";

/** Spec §2 tags view: the pages visited, fixed (affix) tabs first and never closed. */
export interface Tag {
  path: string;
  titleKey: string;
  affix: boolean;
}

const affixTags = (): Tag[] =>
  ROUTES.filter((r) => r.affix).map((r) => ({ path: r.path, titleKey: r.titleKey, affix: true }));

let tags: Tag[] = affixTags();
const listeners = new Set<() => void>();

function set(next: Tag[]) {
  tags = next;
  for (const l of listeners) l();
}

export const tagsStore = {
  get: () => tags,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  visit(route: RouteMeta) {
    // Public pages and the refusal page are not places to come back to.
    if (route.noLogin || route.path === NO_PERMISSION_ROUTE) return;
    if (!tags.some((t) => t.path === route.path)) {
      set([...tags, { path: route.path, titleKey: route.titleKey, affix: Boolean(route.affix) }]);
    }
  },
  /** Closes one tab; returns the path to show next when it was the active one. */
  close(path: string): string | undefined {
    const index = tags.findIndex((t) => t.path === path);
    const tag = tags[index];
    if (!tag || tag.affix) return undefined;
    const next = tags.filter((t) => t.path !== path);
    set(next);
    return (next[index - 1] ?? next[next.length - 1])?.path;
  },
  closeOthers(path: string) {
    set(tags.filter((t) => t.affix || t.path === path));
  },
  closeAll(): string {
    const next = tags.filter((t) => t.affix);
    set(next);
    return next[next.length - 1]?.path ?? "/";
  },
  reset() {
    set(affixTags());
  },
};

// Signing out closes the tabs (the store loads with the layout: before it, there are none).
onSignOut(() => tagsStore.reset());

export function useTags(): Tag[] {
  return useSyncExternalStore(tagsStore.subscribe, tagsStore.get);
}
