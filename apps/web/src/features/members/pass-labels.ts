import { formatMoney, type MemberPass, type MemberPassOffer } from "@washboard/shared";

type T = (key: string, values?: Record<string, unknown>) => string;

/** What a member's card gives: a discount card's rate, or a wash-dry card's uses left. */
export function passWorth(pass: Pick<MemberPass, "kind" | "percent_off" | "washes_left" | "dries_left">, t: T): string {
  return pass.kind === "dis_card"
    ? t("members.passes.rate", { rate: pass.percent_off ?? 0 })
    : t("members.passes.uses", { washes: pass.washes_left, dries: pass.dries_left });
}

/** A running card promotion as the give dialog lists it: its kind, name and what the card gives. */
export function passOfferLabel(offer: MemberPassOffer, currency: string, t: T): string {
  const worth =
    offer.kind === "dis_card"
      ? `${t("members.passes.rate", { rate: offer.percent_off ?? 0 })} · ${t("members.coupons.validDays", { days: offer.validity_days ?? 0 })}`
      : `${t("members.passes.uses", { washes: offer.free_washes, dries: offer.free_dries })} · ${formatMoney(offer.price, currency)}`;
  return `${t(`members.passes.kind.${offer.kind}`)} · ${offer.name} · ${worth}`;
}
