import { z } from "zod";
import { endpoint } from "./contract.js";
import { recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { nameSort } from "./name-sort.js";

/** Spec §3 "Location/area": what a vendor groups its shops by. Both fields are required. */
export const locationFields = {
  name: requiredText(64),
  address: requiredText(255),
};

export const locationCreateRequest = z.object(locationFields);
export const locationModifyRequest = z.object({ id: recordId, ...locationFields });
export const locationIdRequest = z.object({ id: recordId });

export const locationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  /** Shops in this location: while there are any, it cannot be removed. */
  shop_count: z.number().int(),
  created_at: z.number().int(),
});
export type LocationItem = z.infer<typeof locationItem>;

export const locationListFilters = {
  /** Part of the location's name, case-insensitive. */
  name: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  sort: nameSort,
};

export const locationListRequest = listRequest(locationListFilters);
export const locationListResult = listResult(locationItem);

const VENDOR = [3, 4] as const;

export const locationEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Location/get_locationall_by_vendor",
    summary: "The vendor's locations with their shop counts, filtered by name, sorted and paged by cursor",
    access: { kind: "session", levels: VENDOR, permission: "loc_query" },
    body: locationListRequest,
    result: locationListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Location/create_location",
    summary: "Creates a location of the vendor; its name is unique within the vendor (RECORD_EXISTS)",
    access: { kind: "session", levels: VENDOR, permission: "loc_add" },
    body: locationCreateRequest,
    result: locationItem,
    mutates: true,
    log: "locations.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Location/modify_location",
    summary: "Changes the name and address of a location of the vendor",
    access: { kind: "session", levels: VENDOR, permission: "loc_modify" },
    body: locationModifyRequest,
    result: locationItem,
    mutates: true,
    log: "locations.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Location/remove_location",
    summary: "Removes a location of the vendor; refused with HAS_DEPENDENTS while shops are in it",
    access: { kind: "session", levels: VENDOR, permission: "loc_remove" },
    body: locationIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "locations.remove",
  }),
} as const;
