import type { Db, Tx } from "../../platform/db/client.js";
import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";
import type { VendorTenant } from "../tenancy/public.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

export interface MemberShop {
  id: number;
  name: string;
  address: string;
}

/** An alliance's members are shops; the module that keeps shops reads and sets them. */
export interface AllianceMembership {
  /** How many shops are members of the alliance `ref` names. */
  countOf: RowExpression<number>;
  /** The member shops of these alliances, by name. */
  membersOf(db: Db | Tx, allianceIds: readonly number[]): Promise<(MemberShop & { allianceId: number | null })[]>;
  /** The vendor's shops in no alliance, by name. */
  withoutAlliance(db: Db, tenant: VendorTenant): Promise<MemberShop[]>;
  /**
   * Makes the alliance's members exactly `shopIds`, taking only free shops of the vendor in one
   * conditional update, the account `accountId` acting (0: none); answers what was not taken.
   */
  setMembers(
    tx: Tx,
    tenant: VendorTenant,
    allianceId: number,
    shopIds: readonly number[],
    accountId: number,
  ): Promise<{ refused: null | { inOtherAlliance: string } | "unknown" }>;
}

export const allianceMembership = definePort<AllianceMembership>("read and set the shops of an alliance");
