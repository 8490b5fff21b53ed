import type { ReaderCard } from "@washboard/device-protocol";
import type { Db } from "../../../platform/db/client.js";
import { definePort } from "../../../platform/ports.js";

/** The start types of a remote start that act on the card in the machine's own reader (spec §4). */
export const REMOTE_CARD_START_TYPES = ["remote_card_issue", "remote_card_topup"] as const;
export type RemoteCardStartType = (typeof REMOTE_CARD_START_TYPES)[number];

/** A machine carried out a remote card issue or top-up, on this card, for the start's price. */
export interface RemoteCardDone {
  vendorId: number;
  deviceId: number;
  shopId: number | null;
  commandId: string;
  startType: RemoteCardStartType;
  /** Minor units the card receives. */
  price: number;
  card: ReaderCard;
}

/** What a remote card issue or top-up does to a card: filled by the module that keeps cards (this one has none). */
export const remoteCardCredit = definePort<(db: Db, done: RemoteCardDone) => Promise<void>>(
  "credit a card a machine issued or topped up on a remote start",
);

export function isRemoteCardStart(startType: unknown): startType is RemoteCardStartType {
  return (REMOTE_CARD_START_TYPES as readonly unknown[]).includes(startType);
}
