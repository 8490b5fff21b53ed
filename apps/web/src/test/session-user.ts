import type { SessionUser } from "../app/session/store";

/** A signed-in user of `level` holding `permissions` (level 4's list), its vendor or group number 1. */
export function testSessionUser(
  level: number,
  permissions: string[] | null = [],
  overrides: Partial<SessionUser> = {},
): SessionUser {
  return {
    token: "t",
    level,
    vendorId: level <= 4 ? 1 : null,
    groupId: level >= 6 ? 1 : null,
    username: "u",
    name: "U",
    avatar: "",
    roles: [String(level)],
    permissions,
    vendorList: [],
    activeVendorId: null,
    accountInfo: null,
    vendor: null,
    alliances: [],
    ...overrides,
  };
}
