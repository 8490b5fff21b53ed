import { isRouteVisible, MENU_GROUPS, type MenuGroup, type ProviderFlags, type RouteMeta } from "@washboard/shared";
import type { AccountMenuEntry, FeatureDeclaration } from "../feature-contract";
import type { SessionUser } from "../session/store";
import { activeVendor } from "../session/store";

export interface MenuEntry {
  route: RouteMeta;
}

export interface MenuSection {
  group: MenuGroup | null;
  routes: RouteMeta[];
}

/** The provider flags that decide which order pages show (the active vendor's). */
export function flagsOf(user: SessionUser): Partial<ProviderFlags> {
  return activeVendor(user) ?? {};
}

/** Routes this user may see in the menu: built, allowed, and not hidden by a provider flag. */
export function visibleRoutes(
  routes: readonly RouteMeta[],
  user: SessionUser,
  hasScreen: (path: string) => boolean,
): RouteMeta[] {
  const subject = { level: user.level, roles: user.roles, permissions: user.permissions ?? [] };
  const flags = flagsOf(user);
  return routes.filter((r) => hasScreen(r.path) && isRouteVisible(r, subject, flags));
}

/** Top-level items first, then groups in the table's order. */
export function menuSections(routes: RouteMeta[]): MenuSection[] {
  const sections: MenuSection[] = [{ group: null, routes: routes.filter((r) => !r.group) }];
  for (const group of MENU_GROUPS) {
    const inGroup = routes.filter((r) => r.group === group);
    if (inGroup.length > 0) sections.push({ group, routes: inGroup });
  }
  return sections;
}

/** The account dropdown's entries the features contribute, in the features' order. */
export function accountMenuOf(features: readonly FeatureDeclaration[]): readonly AccountMenuEntry[] {
  return features.flatMap((feature) => feature.accountMenu ?? []);
}
