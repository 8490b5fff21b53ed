import type { Db } from "../../platform/db/client.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** The vendor an invitation link invites to: no shop and no machine (the link is the vendor's, not a shop's). */
export interface InvitedPlace {
  vendorId: number;
  shopId: null;
  deviceId: null;
}

/** The place an invitation link's code (any case) names, or undefined when no link has it. */
export type InvitePlaceFinder = (db: Db, code: string) => Promise<InvitedPlace | undefined>;

export const invitePlace = definePort<InvitePlaceFinder>("find the vendor an invitation link's code invites to");
