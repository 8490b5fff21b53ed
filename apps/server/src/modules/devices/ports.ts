import type { DeviceEvent } from "@washboard/device-protocol";
import type { BatchWriter } from "../../platform/db/batch-writer.js";
import type { Db } from "../../platform/db/client.js";
import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** A machine's event that is a sale (coins, a card tap, a kiosk top-up), as the gateway took it in. */
export interface DeviceSale {
  deviceId: number;
  serial: string;
  event: DeviceEvent;
  /** The event's identity for its machine (its id, after its boot id when it has one). */
  key: string;
  /** When it happened, as the server believes the machine's clock. */
  at: Date;
}

/**
 * Writes machines' sales as orders, in batches; a sale that cannot be written is set aside (the
 * dead letters) without holding up the others.
 */
export type DeviceSaleWriter = (
  db: Db,
  onError: (error: unknown) => void,
  setAside: (sale: DeviceSale, error: unknown) => Promise<void>,
) => BatchWriter<DeviceSale>;

export const deviceSales = definePort<DeviceSaleWriter>("record the sales machines report as orders");

/** What a machine's price template is, per row of the device lists: its name and its top price. */
export interface PriceTemplateFacts {
  nameOf: RowExpression<string | null>;
  /** The most a cycle can cost (price plus every option), minor units, or null without a template. */
  topPriceOf: RowExpression<number | null>;
}

export const priceTemplateFacts = definePort<PriceTemplateFacts>("name and top price of a machine's price template");
