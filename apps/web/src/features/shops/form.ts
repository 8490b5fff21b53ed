import {
  type API,
  type BodyOf,
  SHOP_SERVICE_TYPE,
  type ShopItem,
  type ShopServiceType,
  shopFields,
} from "@washboard/shared";
import { z } from "zod";

/** The shop dialog's values: references are undefined when none is chosen, secrets blank unless retyped. */
export interface ShopForm {
  name: string;
  address: string;
  location_id?: number | undefined;
  icon: string[];
  images: string[];
  service_type?: ShopServiceType | undefined;
  brand_id?: number | undefined;
  alliance_id?: number | undefined;
  epay_laundry_points: boolean;
  epay_member_cards: boolean;
  mqtt_username: string;
  mqtt_password: string;
  mqtt_client_id: string;
  mqtt_host: string;
  mqtt_port?: number | null | undefined;
  product_key: string;
  payment_id: string;
  /** Undefined: the shop keeps its merchant's time zone. */
  time_zone?: string | undefined;
}

export const EMPTY_SHOP_FORM: ShopForm = {
  name: "",
  address: "",
  icon: [],
  images: [],
  service_type: SHOP_SERVICE_TYPE.washing,
  epay_laundry_points: false,
  epay_member_cards: false,
  mqtt_username: "",
  mqtt_password: "",
  mqtt_client_id: "",
  mqtt_host: "",
  mqtt_port: null,
  product_key: "",
  payment_id: "",
};

/** The dialog's values for a shop. Secrets start blank: their masks are only shown as placeholders. */
export function toShopForm(shop: ShopItem | null): ShopForm {
  if (!shop) return EMPTY_SHOP_FORM;
  return {
    name: shop.name,
    address: shop.address,
    location_id: shop.location_id ?? undefined,
    icon: shop.icon,
    images: shop.images,
    service_type: shop.service_type,
    brand_id: shop.brand_id ?? undefined,
    alliance_id: shop.alliance_id ?? undefined,
    epay_laundry_points: shop.epay_laundry_points,
    epay_member_cards: shop.epay_member_cards,
    mqtt_username: shop.mqtt_username,
    mqtt_password: "",
    mqtt_client_id: shop.mqtt_client_id,
    mqtt_host: shop.mqtt_host,
    mqtt_port: shop.mqtt_port,
    product_key: shop.product_key,
    payment_id: "",
    time_zone: shop.time_zone ?? undefined,
  };
}

/**
 * The create/modify payload of the dialog's values: no choice (a reference, the time zone) is null,
 * and a blank secret is left out so the server keeps the stored one.
 */
export function toShopPayload(form: ShopForm): BodyOf<typeof API.shops.create> {
  const secret = (value: string) => (value.trim() === "" ? undefined : value);
  return {
    name: form.name,
    address: form.address,
    location_id: form.location_id ?? null,
    icon: form.icon,
    images: form.images,
    service_type: form.service_type ?? SHOP_SERVICE_TYPE.washing,
    brand_id: form.brand_id ?? null,
    alliance_id: form.alliance_id ?? null,
    epay_laundry_points: form.epay_laundry_points,
    epay_member_cards: form.epay_member_cards,
    mqtt_username: form.mqtt_username,
    mqtt_password: secret(form.mqtt_password),
    mqtt_client_id: form.mqtt_client_id,
    mqtt_host: form.mqtt_host,
    mqtt_port: form.mqtt_port ?? null,
    product_key: form.product_key,
    payment_id: secret(form.payment_id),
    time_zone: form.time_zone ?? null,
  };
}

/**
 * The server's rule for a field the form may leave empty (sent as null). The form rule helper reads
 * an empty input as "", which the server's schema would refuse.
 */
const emptyAsNull = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === "" ? null : value), schema);

/** The port's form rule: the server's (1 to 65534), but an empty input is no port. */
export const optionalPortRule = emptyAsNull(shopFields.mqtt_port);

/** The time zone's form rule: the server's, but none chosen is the merchant's. */
export const optionalTimeZoneRule = emptyAsNull(shopFields.time_zone);
