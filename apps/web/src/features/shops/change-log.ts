import {
  SHOP_SECRET_CHANGED,
  type ShopChangeItem,
  type ShopFieldChange,
  type ShopFieldValue,
  type ShopOptions,
} from "@washboard/shared";
import { i18next } from "../../app/i18n";
import { SERVICE_TYPE_KEYS } from "./ShopDialog";

/** The shop form's label of each field the log names; a field without one shows by its API name. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  name: "shops.fields.name",
  address: "shops.fields.address",
  location_id: "shops.fields.location",
  icon: "shops.fields.icon",
  images: "shops.fields.images",
  service_type: "shops.fields.serviceType",
  brand_id: "shops.fields.brand",
  alliance_id: "shops.fields.alliance",
  epay_laundry_points: "shops.fields.epayLaundryPoints",
  epay_member_cards: "shops.fields.epayMemberCards",
  mqtt_username: "shops.fields.mqttUsername",
  mqtt_password: "shops.fields.mqttPassword",
  mqtt_client_id: "shops.fields.mqttClientId",
  mqtt_host: "shops.fields.mqttHost",
  mqtt_port: "shops.fields.mqttPort",
  product_key: "shops.fields.productKey",
  payment_id: "shops.fields.paymentId",
  time_zone: "shops.fields.timeZone",
};

/** The option lists whose ids a field holds, to show names rather than numbers. */
const NAMED_BY: Record<string, keyof ShopOptions> = {
  location_id: "locations",
  brand_id: "brands",
  alliance_id: "alliances",
};

const NOTHING = "—";

export function fieldLabel(field: string): string {
  const key = FIELD_LABEL_KEYS[field];
  return key ? i18next.t(key) : field;
}

function valueText(field: string, value: ShopFieldValue, options: ShopOptions | undefined): string {
  if (value === null || value === "") return NOTHING;
  if (typeof value === "boolean") return i18next.t(value ? "common.yes" : "common.no");
  // Images are stored keys: their number says what changed.
  if (Array.isArray(value)) return String(value.length);
  const list = NAMED_BY[field];
  if (list && typeof value === "number") {
    return options?.[list].find((option) => option.id === value)?.name ?? `#${value}`;
  }
  if (field === "service_type" && typeof value === "number") {
    const key = SERVICE_TYPE_KEYS[value as keyof typeof SERVICE_TYPE_KEYS];
    return key ? i18next.t(key) : String(value);
  }
  return String(value);
}

/** One changed field as a line: "field: before → after", or the secret's marker. */
export function changeLine(field: string, change: ShopFieldChange, options?: ShopOptions): string {
  const label = fieldLabel(field);
  if (change === SHOP_SECRET_CHANGED) return `${label}: ${i18next.t("shops.changeLog.secretChanged")}`;
  return `${label}: ${valueText(field, change.before, options)} → ${valueText(field, change.after, options)}`;
}

/** Every changed field of one log row, in the order the server wrote them. */
export function changeLines(item: Pick<ShopChangeItem, "changes">, options?: ShopOptions): string[] {
  return Object.entries(item.changes).map(([field, change]) => changeLine(field, change, options));
}

/** Who made the change: nickname and username, or "System" when no account did (or it is gone). */
export function changedBy(item: Pick<ShopChangeItem, "username" | "nickname">): string {
  if (item.username === null) return i18next.t("shops.changeLog.noAccount");
  return item.nickname && item.nickname !== item.username ? `${item.nickname} (${item.username})` : item.username;
}
