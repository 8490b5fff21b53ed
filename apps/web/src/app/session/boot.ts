import { API, isGroupLevel } from "@washboard/shared";
import type { Change } from "../api/change";
import { call } from "../api/client";
import { loadConsoleCatalogue } from "../i18n";
import { applyRoutesMap } from "../router/variant-routes";
import { type SessionUser, sessionStore } from "./store";

let booting: { token: string; done: Promise<void> } | undefined;

/**
 * The calls the console makes once after sign-in (spec §7): permission list (level 4), account
 * info, and the vendor list (levels 6/7) or the vendor's own summary, alliance list and its
 * variant's route map (levels 3/4; the vendor screens are theirs).
 * Meanwhile the frame's words load, which the console shows next (a failure there is the console's
 * to retry, not the boot's). A signed-in reload starts it with the entry; a call while a run for the
 * same sign-in is under way shares that run, and one after it has answered (the permissions are
 * known) has nothing to do.
 */
export function bootSession(): Promise<void> {
  const user = sessionStore.get().user;
  if (!user) return Promise.resolve();
  if (booting?.token !== user.token) {
    if (user.permissions !== null) return Promise.resolve();
    const run = { token: user.token, done: runBoot(user) };
    const settled = () => {
      if (booting === run) booting = undefined;
    };
    run.done.then(settled, settled);
    booting = run;
  }
  return booting.done;
}

async function runBoot(user: SessionUser): Promise<void> {
  void loadConsoleCatalogue().catch(() => undefined);
  const group = isGroupLevel(user.level);
  // Levels 3/4 act on their own vendor: their account info asks nothing of the vendor list, so it
  // loads beside the rest instead of after it.
  const ownInfo = group ? undefined : call(API.auth.accountInfo, {});
  // Awaited below; a failure while the others are still out is not an unhandled one.
  ownInfo?.catch(() => undefined);
  const [permissions, vendorList, vendor, alliances, routesMap] = await Promise.all([
    user.level === 4 ? call(API.auth.permissions).then((r) => r.permission_list) : Promise.resolve([]),
    group ? call(API.tenancy.listByGroup, {}).then((r) => r.vendor_list) : Promise.resolve([]),
    group ? Promise.resolve(null) : call(API.tenancy.current, {}),
    group ? Promise.resolve([]) : loadAlliances(),
    group ? Promise.resolve(null) : call(API.tenancy.routesMap, {}),
  ]);
  // Before the session is marked booted: the first menu already shows the variant's routes.
  if (routesMap) applyRoutesMap(routesMap);
  const stillValid = vendorList.some((v) => v.vendor_id === user.activeVendorId);
  sessionStore.updateUser({
    permissions,
    vendorList,
    vendor,
    alliances,
    activeVendorId: stillValid ? user.activeVendorId : null,
  });
  // Levels 6/7: the account info follows the vendor chosen, checked above.
  const accountInfo = await (ownInfo ?? call(API.auth.accountInfo, {}));
  sessionStore.updateUser({ accountInfo });
}

/** Levels 6/7: choose the vendor every later call acts on, and reload what depends on it. */
export async function selectVendor(vendorId: number | null): Promise<void> {
  sessionStore.updateUser({ activeVendorId: vendorId });
  const accountInfo = await call(API.auth.accountInfo, {});
  sessionStore.updateUser({ accountInfo });
}

/** Levels 3/4: the vendor's alliances (spec §7 "alliance list"), also reloaded after an alliance changes. */
function loadAlliances() {
  return call(API.alliances.sessionList, {}).then((r) => r.alliances);
}

export async function refreshSessionAlliances(): Promise<void> {
  sessionStore.updateUser({ alliances: await loadAlliances() });
}

/** Levels 3/4: the vendor's own summary, whose provider flags (and so the order menu) follow its payment settings. */
export async function refreshSessionVendor(): Promise<void> {
  sessionStore.updateUser({ vendor: await call(API.tenancy.current, {}) });
}

/**
 * Levels 6/7, after a vendor of the group changed: the top bar's vendor list (and its currencies)
 * follows. A removed vendor that was the active one is dropped first, since every call would name
 * it; a changed active vendor reloads the account's common_info (currency, time zone).
 */
export async function followVendorChange({ contract, result }: Change): Promise<void> {
  const active = sessionStore.get().user?.activeVendorId ?? null;
  if (active !== null && vendorIdOf(result) === active) {
    await selectVendor(contract === API.vendorAdmin.remove ? null : active);
  }
  const { vendor_list } = await call(API.tenancy.listByGroup, {});
  sessionStore.updateUser({ vendorList: vendor_list });
}

/** The vendor a vendor call answered about (every one answers its vendor_id). */
function vendorIdOf(result: unknown): number | null {
  if (typeof result !== "object" || result === null || !("vendor_id" in result)) return null;
  return typeof result.vendor_id === "number" ? result.vendor_id : null;
}
