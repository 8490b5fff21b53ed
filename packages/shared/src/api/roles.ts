import { z } from "zod";
import { ALL_PERMISSION_LEAVES, APP_ROLES } from "../access/permissions.js";
import { endpoint } from "./contract.js";
import { recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";

/** Roles of a vendor (spec §3 Role, §6, §7 "Roles and sub-accounts"): name, description, keys. */
export const ROLE_LIMITS = { name: 64, description: 255 } as const;

const VENDOR = [3, 4] as const;

export const roleName = requiredText(ROLE_LIMITS.name);
export const roleDescription = z
  .string()
  .trim()
  .max(ROLE_LIMITS.description, { error: "validation.tooLong" })
  .default("");

/** Leaf keys of the §6 tree; group keys and unknown keys are refused. */
export const rolePermissionKey = z.enum(ALL_PERMISSION_LEAVES as [string, ...string[]], {
  error: "validation.permissionKey",
});
export const roleAppRole = z.enum(APP_ROLES, { error: "validation.invalid" });

export const roleRecordIdRequest = z.object({ id: recordId });

export const roleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The keys the role holds, locked keys included, in tree order. */
  permissions: z.array(z.string()),
  app_roles: z.array(z.enum(APP_ROLES)),
  /** Sub-accounts this role is given to. */
  account_count: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItem>;

export const roleFields = {
  name: roleName,
  description: roleDescription,
  permissions: z
    .array(rolePermissionKey)
    .max(ALL_PERMISSION_LEAVES.length * 2)
    .default([]),
  app_roles: z
    .array(roleAppRole)
    .max(APP_ROLES.length * 2)
    .default([]),
};

export const roleListRequest = listRequest({
  name: z.string().trim().max(ROLE_LIMITS.name, { error: "validation.tooLong" }).optional(),
});
export const createRoleRequest = z.object(roleFields);
export const modifyRoleRequest = z.object({ id: recordId, ...roleFields });

export const roleEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/v2/Role/get_role",
    summary: "Roles of the vendor, newest first, with how many sub-accounts hold each",
    access: { kind: "session", levels: VENDOR, permission: "role_query" },
    body: roleListRequest,
    result: listResult(roleItem),
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v2/Role/create_role",
    summary: "Create a role; the locked keys of §6 are always added. A level-4 account grants only keys it holds",
    access: { kind: "session", levels: VENDOR, permission: "role_add" },
    body: createRoleRequest,
    result: roleItem,
    mutates: true,
    log: "roles.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/v2/Role/modify_role",
    summary: "Change a role's name, description and keys; holders get the new keys on their next call",
    access: { kind: "session", levels: VENDOR, permission: "role_modify" },
    body: modifyRoleRequest,
    result: roleItem,
    mutates: true,
    log: "roles.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/v2/Role/remove_role",
    summary: "Remove a role no sub-account holds (ROLE_IN_USE otherwise, naming how many)",
    access: { kind: "session", levels: VENDOR, permission: "role_remove" },
    body: roleRecordIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "roles.remove",
  }),
} as const;
