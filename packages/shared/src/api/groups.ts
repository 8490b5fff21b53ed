import { z } from "zod";
import { emptyBody, endpoint } from "./contract.js";
import { requiredText } from "./fields.js";

/** Spec §3 "Group": id, name, address, C-end app id, B-end app id; all required (§5). */
export const groupProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  c_app_id: z.string(),
  b_app_id: z.string(),
});
export type GroupProfile = z.infer<typeof groupProfile>;

export const groupProfileFields = {
  name: requiredText(128),
  address: requiredText(255),
  c_app_id: requiredText(128),
  b_app_id: requiredText(128),
};

export const modifyGroupProfileRequest = z.object(groupProfileFields);

/**
 * The signed-in account's group as a shop screen shows it (spec §7 "Shop/get_group_detail"): its
 * name and address, its brand cap and use, and its merchants' alliances; null for a merchant that
 * registered on its own and belongs to no group.
 */
export const shopGroupDetail = z.object({
  group: z
    .object({
      id: z.number().int(),
      name: z.string(),
      address: z.string(),
      brand_limit: z.number().int(),
      brand_count: z.number().int(),
      alliance_count: z.number().int(),
    })
    .nullable(),
});
export type ShopGroupDetail = z.infer<typeof shopGroupDetail>;

export const groupEndpoints = {
  profile: endpoint({
    method: "POST",
    path: "/api/Group/get_groupall_by_grp_acct",
    summary: "The signed-in account's group: name, address and app ids",
    access: { kind: "session", levels: [6, 7] },
    body: emptyBody,
    result: groupProfile,
    mutates: false,
  }),
  modifyProfile: endpoint({
    method: "POST",
    path: "/api/Group/modify_group_by_grp_acct",
    summary: "Change the group's name, address and app ids (group main administrator only)",
    access: { kind: "session", levels: [6] },
    body: modifyGroupProfileRequest,
    result: groupProfile,
    mutates: true,
    log: "groups.modifyProfile",
  }),
  shopDetail: endpoint({
    method: "POST",
    path: "/api/Shop/get_group_detail",
    summary:
      "The signed-in account's group as a shop screen shows it: name, address, brand cap and count, alliances (null without a group)",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: emptyBody,
    result: shopGroupDetail,
    mutates: false,
  }),
} as const;
