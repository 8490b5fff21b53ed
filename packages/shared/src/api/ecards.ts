import { z } from "zod";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { imageList } from "./uploads.js";

export const ecardFields = {
  name: requiredText(64),
  image: imageList(LIMITS.imageCounts.ecardImage).default([]),
};

export const ecardCreateRequest = z.object(ecardFields);
export const ecardModifyRequest = z.object({ id: recordId, ...ecardFields });
export const ecardIdRequest = z.object({ id: recordId });

export const ecardItem = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.array(z.string()),
  created_at: z.number().int(),
});
export type EcardItem = z.infer<typeof ecardItem>;

export const ecardListFilters = {
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
};
export const ecardListRequest = listRequest(ecardListFilters);
export const ecardListResult = listResult(ecardItem);

const GROUP_ONLY = { kind: "session", levels: [6, 7] } as const;

export const ecardEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Ecard/get_ecardlist",
    summary: "Virtual cards of the signed-in account's group, newest first, paged by cursor",
    access: GROUP_ONLY,
    body: ecardListRequest,
    result: ecardListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Ecard/create_ecard",
    summary: "Creates a virtual card of the group: a name and at most one image",
    access: GROUP_ONLY,
    body: ecardCreateRequest,
    result: ecardItem,
    mutates: true,
    log: "ecards.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Ecard/modify_ecard",
    summary: "Changes a virtual card of the group",
    access: GROUP_ONLY,
    body: ecardModifyRequest,
    result: ecardItem,
    mutates: true,
    log: "ecards.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Ecard/remove_ecard",
    summary: "Removes a virtual card of the group",
    access: GROUP_ONLY,
    body: ecardIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "ecards.remove",
  }),
} as const;
