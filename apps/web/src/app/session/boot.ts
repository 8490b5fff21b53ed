import { API, isGroupLevel } from "@washboard/shared";
import type { Change } from "../api/change";
import { call } from "../api/client";
import { loadConsoleCatalogue } from "../i18n";
import { sessionStore } from "./store";

/**
 * The calls the console makes once after sign-in (spec §7): permission list (level 4), account
 * info, and the vendor list (levels 6/7) or the vendor's own summary and alliance list (levels 3/4).
 * Meanwhile the frame's words load, which the console shows next (a failure there is the console's
 * to retry, not the boot's).
 */
export async function bootSession(): Promise<void> {
  const user = sessionStore.get().user;
  if (!user) return;
  void loadConsoleCatalogue().catch(() => undefined);
  const group = isGroupLevel(user.level);
  const [permissions, vendorList, vendor, alliances] = await Promise.all([
    user.level === 4 ? call(API.auth.permissions).then((r) => r.permission_list) : Promise.resolve([]),
    group ? call(API.tenancy.listByGroup, {}).then((r) => r.vendor_list) : Promise.resolve([]),
    group ? Promise.resolve(null) : call(API.tenancy.current, {}),
    group ? Promise.resolve([]) : loadAlliances(),
  ]);
  const stillValid = vendorList.some((v) => v.vendor_id === user.activeVendorId);
  sessionStore.updateUser({
    permissions,
    vendorList,
    vendor,
    alliances,
    activeVendorId: stillValid ? user.activeVendorId : null,
  });
  const accountInfo = await call(API.auth.accountInfo, {});
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
