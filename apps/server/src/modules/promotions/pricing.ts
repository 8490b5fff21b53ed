import type { PayAnnouncement, PriceExplanation } from "@washboard/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { scalars } from "../../platform/db/related.js";
import { shopTimeZoneOf } from "../shops/public.js";
import { shownAnnouncementsOf } from "./announcements.js";
import { type Coupon, type PriceWindow, type PricingInput, type Promotion, quote } from "./engine.js";
import { type EnginePromotion, pricedPromotionsOf } from "./service.js";
import { enabledWindowsOf } from "./windows.js";

/** What a price is asked for: one program of one machine, at one moment. */
export interface PriceRequest {
  vendor: { id: number; timeZone: string };
  shopId: number;
  machineType: string;
  listPrice: number;
  at: Date;
  /** A member paying: whether this is their first paid use (first use free). */
  member?: NonNullable<PricingInput["member"]>;
  /** A coupon the member spends on it (already claimed under the caller's lock). */
  coupon?: Coupon;
  /** The vendor's pay discount for the provider the customer pays through. */
  payDiscount?: { provider: string; percentOff: number | null | undefined };
}

/** What a vendor prices a shop's machines with at a moment: its rules and the shop's local hours. */
export interface PricingRules {
  windows: PriceWindow[];
  promotions: Promotion[];
  /** The shop's own zone when it is away from its merchant, else the merchant's. */
  timeZone: string;
}

type RulesRead = { windows: PriceWindow[]; promotions: EnginePromotion[]; zone: string | null };

/** The expressions of the rules' statement: the vendor's windows, its promotions running at `at`, the shop's zone. */
function rulesRead(vendor: { id: number }, shopId: number, at: Date): { [K in keyof RulesRead]: SQL<RulesRead[K]> } {
  return {
    windows: enabledWindowsOf(vendor.id),
    promotions: pricedPromotionsOf(vendor.id, at),
    zone: sql<string | null>`${shopTimeZoneOf(shopId)}`,
  };
}

function rulesFrom(read: RulesRead, vendor: { timeZone: string }): PricingRules {
  return {
    windows: read.windows,
    promotions: read.promotions.map((p) => ({ ...p, startsAt: new Date(p.startsAt), endsAt: new Date(p.endsAt) })),
    timeZone: read.zone ?? vendor.timeZone,
  };
}

/**
 * The vendor's switched-on time-of-day prices, its promotions running at `at` and the shop's zone,
 * in one statement: every payment reads them, the pay page once for all of a shop's programs.
 */
export async function rulesOf(
  db: Db | Tx,
  vendor: { id: number; timeZone: string },
  shopId: number,
  at: Date,
): Promise<PricingRules> {
  return rulesFrom(await scalars<RulesRead>(db as Db, rulesRead(vendor, shopId, at)), vendor);
}

/** What a shop's pay page reads of this module: the pricing rules, and the announcements it shows. */
export interface PageRules {
  rules: PricingRules;
  announcements: PayAnnouncement[];
}

/**
 * The pricing rules and the shop's running announcements (`shownAnnouncementsOf`) in the rules' one
 * statement: the popup costs the pay page no round trip of its own.
 */
export async function pageRulesOf(
  db: Db,
  vendor: { id: number; timeZone: string },
  shopId: number,
  at: Date,
): Promise<PageRules> {
  const read = await scalars<RulesRead & { announcements: PayAnnouncement[] }>(db, {
    ...rulesRead(vendor, shopId, at),
    announcements: shownAnnouncementsOf(vendor.id, shopId, at),
  });
  return { rules: rulesFrom(read, vendor), announcements: read.announcements };
}

/**
 * The price of one request with its rules loaded (the pay page prices every program of a shop with
 * one load): the pricing engine's answer in the wire's words.
 */
export function priceWith(rules: PricingRules, request: PriceRequest): PriceExplanation {
  const input: PricingInput = {
    listPrice: request.listPrice,
    at: request.at,
    timeZone: rules.timeZone,
    shopId: request.shopId,
    machineType: request.machineType,
    windows: rules.windows,
    promotions: rules.promotions,
    ...(request.member ? { member: request.member } : {}),
    ...(request.coupon ? { coupon: request.coupon } : {}),
    ...(request.payDiscount?.percentOff
      ? { payDiscount: { provider: request.payDiscount.provider, percentOff: request.payDiscount.percentOff } }
      : {}),
  };
  const answer = quote(input);
  return {
    list_price: answer.listPrice,
    adjustments: answer.adjustments.map((a) => ({
      kind: a.kind,
      rule_id: a.ruleId,
      name: a.name,
      amount: a.amount,
      price_after: a.priceAfter,
    })),
    final_price: answer.finalPrice,
  };
}

/** No rules: a price changed only by what the request itself brings (a coupon, a provider's discount). */
export const NO_RULES: PricingRules = { windows: [], promotions: [], timeZone: "UTC" };

/** The price of one program at one machine, and why: what every paying path asks. */
export async function priceOf(db: Db | Tx, request: PriceRequest): Promise<PriceExplanation> {
  return priceWith(await rulesOf(db, request.vendor, request.shopId, request.at), request);
}
