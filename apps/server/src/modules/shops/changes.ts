import {
  SHOP_SECRET_CHANGED,
  SHOP_SECRET_FIELDS,
  type ShopChangeAction,
  type ShopFieldChanges,
  type ShopFieldValue,
} from "@washboard/shared";
import type { Tx } from "../../platform/db/client.js";
import { shopChanges, type shops } from "./tables.js";

type ShopRow = typeof shops.$inferSelect;

/** The columns a shop's database log follows: every one but its keys and creation time. */
type LoggedColumn = Exclude<keyof ShopRow, "id" | "vendorId" | "createdAt">;
export type LoggedShop = Pick<ShopRow, LoggedColumn>;

/**
 * Each logged column by its API name. Typed over every column, so a column added to the table does
 * not compile until it is named here (and so logged).
 */
const LOGGED: Record<LoggedColumn, string> = {
  name: "name",
  address: "address",
  locationId: "location_id",
  icon: "icon",
  images: "images",
  serviceType: "service_type",
  brandId: "brand_id",
  allianceId: "alliance_id",
  epayLaundryPoints: "epay_laundry_points",
  epayMemberCards: "epay_member_cards",
  mqttUsername: "mqtt_username",
  mqttPasswordSealed: "mqtt_password",
  mqttClientId: "mqtt_client_id",
  mqttHost: "mqtt_host",
  mqttPort: "mqtt_port",
  productKey: "product_key",
  paymentIdSealed: "payment_id",
  timeZone: "time_zone",
};

/** What a shop holds before it is made and after it is removed: a field set from (or back to) this is logged. */
const BLANK: LoggedShop = {
  name: "",
  address: "",
  locationId: null,
  icon: [],
  images: [],
  serviceType: 0,
  brandId: null,
  allianceId: null,
  epayLaundryPoints: false,
  epayMemberCards: false,
  mqttUsername: "",
  mqttPasswordSealed: null,
  mqttClientId: "",
  mqttHost: "",
  mqttPort: null,
  productKey: "",
  paymentIdSealed: null,
  timeZone: null,
};

const SECRET_NAME = /password|secret|key/i;

/** A field the log marks as changed without its values: sealed by the secret box, or named like a secret. */
function isSecret(field: string): boolean {
  return (SHOP_SECRET_FIELDS as readonly string[]).includes(field) || SECRET_NAME.test(field);
}

/**
 * The fields that differ between two states of a shop (null: it did not exist yet, or no longer
 * does), by API name, each before and after; a secret only as the "changed" marker.
 */
export function shopFieldChanges(before: LoggedShop | null, after: LoggedShop | null): ShopFieldChanges {
  const from = before ?? BLANK;
  const to = after ?? BLANK;
  const changes: ShopFieldChanges = {};
  for (const [column, field] of Object.entries(LOGGED) as [LoggedColumn, string][]) {
    if (JSON.stringify(from[column]) === JSON.stringify(to[column])) continue;
    changes[field] = isSecret(field)
      ? SHOP_SECRET_CHANGED
      : {
          before: before ? (from[column] as ShopFieldValue) : null,
          after: after ? (to[column] as ShopFieldValue) : null,
        };
  }
  return changes;
}

/** Who changes shops: the vendor, and the account acting (0 or less: none, as the demo seed). */
export interface ShopChanger {
  vendorId: number;
  accountId: number;
}

export interface ShopChange {
  shopId: number;
  action: ShopChangeAction;
  changes: ShopFieldChanges;
}

/**
 * Writes the changes to the shop database log, in the transaction of the writes they describe; a
 * change that changed nothing is not written.
 */
export async function recordShopChanges(tx: Tx, by: ShopChanger, changes: readonly ShopChange[]): Promise<void> {
  const rows = changes
    .filter((change) => Object.keys(change.changes).length > 0)
    .map((change) => ({
      vendorId: by.vendorId,
      shopId: change.shopId,
      accountId: by.accountId > 0 ? by.accountId : null,
      action: change.action,
      changes: change.changes,
    }));
  if (rows.length > 0) await tx.insert(shopChanges).values(rows);
}
