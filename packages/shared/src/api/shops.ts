import { z } from "zod";
import { emptyBody, endpoint } from "./contract.js";

/** One choice of a select: a record's id and its name. */
export const namedOption = z.object({ id: z.number().int(), name: z.string() });
export type NamedOption = z.infer<typeof namedOption>;

/**
 * What the shop screens choose from: the vendor's shops, locations and alliances, and the brands of
 * its group. Small lists (a vendor's shops are capped by its plan), so one call fills every select.
 */
export const shopOptionsResult = z.object({
  shops: z.array(namedOption),
  locations: z.array(namedOption),
  alliances: z.array(namedOption),
  brands: z.array(namedOption),
});
export type ShopOptions = z.infer<typeof shopOptionsResult>;

export const shopEndpoints = {
  options: endpoint({
    method: "POST",
    path: "/api/Shop/get_shop_options",
    summary: "Names of the vendor's shops, locations and alliances and of its group's brands, for selects",
    access: { kind: "session", levels: [3, 4], permission: "v_shop" },
    body: emptyBody,
    result: shopOptionsResult,
    mutates: false,
  }),
} as const;
