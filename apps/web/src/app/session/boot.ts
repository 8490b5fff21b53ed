import { API, isGroupLevel } from "@washboard/shared";
import { call } from "../api/client";
import { sessionStore } from "./store";

/**
 * The calls the console makes once after sign-in (spec §7): permission list (level 4), account
 * info, and the vendor list (levels 6/7) or the vendor's own summary and alliance list (levels 3/4).
 */
export async function bootSession(): Promise<void> {
  const user = sessionStore.get().user;
  if (!user) return;
  const group = isGroupLevel(user.level);
  const [permissions, vendorList, vendor, alliances] = await Promise.all([
    user.level === 4 ? call(API.auth.permissions).then((r) => r.permission_list) : Promise.resolve([]),
    group ? call(API.vendor.listByGroup, {}).then((r) => r.vendor_list) : Promise.resolve([]),
    group ? Promise.resolve(null) : call(API.vendor.current, {}),
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
  return call(API.alliance.sessionList, {}).then((r) => r.alliances);
}

export async function refreshSessionAlliances(): Promise<void> {
  sessionStore.updateUser({ alliances: await loadAlliances() });
}
