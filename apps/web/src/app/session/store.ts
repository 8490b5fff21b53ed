import type { AccountInfo, LoginResult, SessionAlliance, VendorSummary } from "@washboard/shared";
import { useSyncExternalStore } from "react";
import { PALETTE } from "../theme/palette";
import { readJson, STORAGE_KEY, setCookie, TOKEN_COOKIE, writeJson } from "./storage";

/** The signed-in user (spec §3 "Session"). */
export interface SessionUser {
  token: string;
  level: number;
  vendorId: number | null;
  groupId: number | null;
  username: string;
  name: string;
  avatar: string;
  roles: string[];
  /** Loaded by the boot calls after sign-in; null until then. */
  permissions: string[] | null;
  vendorList: VendorSummary[];
  /** Levels 6/7: the vendor chosen in the top bar; null means the whole group. */
  activeVendorId: number | null;
  accountInfo: AccountInfo | null;
  /** The vendor's own summary for levels 3/4 (provider flags). */
  vendor: VendorSummary | null;
  /** Levels 3/4: the vendor's shop alliances (spec §3 "Session"), loaded at sign-in. */
  alliances: SessionAlliance[];
}

export interface Settings {
  themeColor: string;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showSettings: boolean;
}

export const DEFAULT_SETTINGS: Settings = {
  themeColor: PALETTE.primary,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  showSettings: true,
};

interface Persisted {
  user: SessionUser | null;
  settings: Settings;
}

type Listener = () => void;

function load(): Persisted {
  const stored = readJson<Partial<Persisted>>(STORAGE_KEY);
  // Permissions and vendors may have changed since the last visit: the boot calls run again on every
  // load (the guard waits for them while permissions are null).
  const user = stored?.user ? { ...stored.user, permissions: null, alliances: stored.user.alliances ?? [] } : null;
  return { user, settings: { ...DEFAULT_SETTINGS, ...(stored?.settings ?? {}) } };
}

let state: Persisted = load();
const listeners = new Set<Listener>();

function commit(next: Persisted) {
  state = next;
  writeJson(STORAGE_KEY, state);
  setCookie(TOKEN_COOKIE, state.user?.token);
  for (const listener of listeners) listener();
}

export const sessionStore = {
  get: () => state,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Spec §4: sign-in stores the token, user info, and the level as the only role. */
  signIn(result: LoginResult) {
    commit({
      ...state,
      user: {
        token: result.token,
        level: result.level,
        vendorId: result.vendor_id,
        groupId: result.group_id,
        username: result.username,
        name: result.name,
        avatar: result.avatar,
        roles: result.roles,
        permissions: null,
        vendorList: [],
        activeVendorId: null,
        accountInfo: null,
        vendor: null,
        alliances: [],
      },
    });
  },
  updateUser(patch: Partial<SessionUser>) {
    if (state.user) commit({ ...state, user: { ...state.user, ...patch } });
  },
  /** Logout, a 401, or a guard error: token and state cleared. */
  clear() {
    commit({ ...state, user: null });
  },
  updateSettings(patch: Partial<Settings>) {
    commit({ ...state, settings: { ...state.settings, ...patch } });
  },
  /** Re-reads storage (another tab signed out, or tests). */
  reload() {
    commit(load());
  },
};

export function useSession(): SessionUser | null {
  return useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().user);
}

/** Levels 6/7: the vendor chosen in the top bar; null for the whole group, and for every other level. */
export function useActiveVendorId(): number | null {
  return useSession()?.activeVendorId ?? null;
}

export function useSettings(): Settings {
  return useSyncExternalStore(sessionStore.subscribe, () => sessionStore.get().settings);
}

/** The vendor whose money and time the console shows: the active vendor, or the account's own. */
export function activeVendor(user: SessionUser | null): VendorSummary | null {
  if (!user) return null;
  if (user.vendor) return user.vendor;
  return user.vendorList.find((v) => v.vendor_id === user.activeVendorId) ?? null;
}
