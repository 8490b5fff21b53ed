import type { CardItem, MemberItem, MovementItem } from "@washboard/shared";
import { sql } from "drizzle-orm";
import { toSeconds } from "../../platform/db/columns.js";
import { qualified } from "../../platform/db/qualified.js";
import { valueOfRow } from "../../platform/db/related.js";
import { shopAllianceOf, shopNameOf } from "../shops/public.js";
import { balanceMovements, CARD_STATUS, cards, MEMBER_STATUS, members } from "./tables.js";

/** The columns a member is shown with: its shop's name and alliance, and how many cards it holds. */
export const memberColumns = {
  member: members,
  shopName: shopNameOf(members.shopId),
  allianceId: shopAllianceOf(members.shopId),
  cards: sql<number>`(select count(*)::int from ${cards} where ${qualified(cards.memberId)} = ${qualified(members.id)}
    and ${qualified(cards.removedAt)} is null)`,
};

export interface MemberRow {
  member: typeof members.$inferSelect;
  shopName: string | null;
  allianceId: number | null;
  cards: number;
}

export function memberView(row: MemberRow, currency: string): MemberItem {
  const { member } = row;
  return {
    id: member.id,
    phone: member.phone,
    name: member.name,
    email: member.email,
    birthday: member.birthday,
    referrer_phone: member.referrerPhone,
    card_expires: member.cardExpires,
    balance: member.balance,
    reward: member.reward,
    currency,
    status: member.status === MEMBER_STATUS.active ? "active" : "disabled",
    shop_id: member.shopId,
    shop_name: row.shopName,
    alliance_id: row.allianceId,
    staff_created: member.createdBy !== null,
    cards: Number(row.cards),
    registered_at: toSeconds(member.registeredAt),
  };
}

/** The columns a card is shown with: its member's phone and name. */
export const cardColumns = {
  card: cards,
  memberPhone: valueOfRow<string>(members.phone, members.id, cards.memberId),
  memberName: valueOfRow<string>(members.name, members.id, cards.memberId),
};

export interface CardRow {
  card: typeof cards.$inferSelect;
  memberPhone: string | null;
  memberName: string | null;
}

const CARD_STATUS_NAMES = {
  [CARD_STATUS.active]: "active",
  [CARD_STATUS.disabled]: "disabled",
  [CARD_STATUS.unbound]: "unbound",
} as const;

export function cardView(row: CardRow, currency: string): CardItem {
  const { card } = row;
  return {
    id: card.id,
    uuid: card.uuid,
    card_number: card.cardNumber,
    type: card.type,
    status: CARD_STATUS_NAMES[card.status as keyof typeof CARD_STATUS_NAMES] ?? "disabled",
    balance: card.balance,
    currency,
    member_id: card.memberId,
    member_phone: row.memberPhone,
    member_name: row.memberName,
    last_used_at: toSeconds(card.lastUsedAt),
    created_at: toSeconds(card.createdAt),
  };
}

export const movementColumns = {
  movement: balanceMovements,
  cardNumber: sql<
    string | null
  >`(select ${cards.cardNumber} from ${cards} where ${cards.id} = ${balanceMovements.cardId})`,
};

export function movementView(row: {
  movement: typeof balanceMovements.$inferSelect;
  cardNumber: string | null;
}): MovementItem {
  const { movement } = row;
  return {
    id: movement.id,
    purse: movement.purse,
    kind: movement.kind,
    amount: movement.amount,
    balance_after: movement.balanceAfter,
    reason: movement.reason,
    card_number: row.cardNumber,
    order_no: movement.orderNo,
    operator: movement.operator,
    created_at: toSeconds(movement.createdAt),
  };
}
