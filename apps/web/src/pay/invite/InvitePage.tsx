import { API, type InvitePage as InviteOffer, type MemberCouponItem } from "@washboard/shared";
import { useEffect, useRef, useState } from "react";
import { payCall } from "../api";
import type { Translate } from "../i18n";
import { lastDayText, refusalText, worthText } from "./invite-text";
import { JoinForm } from "./JoinForm";

/** Dates show in the page's language (main.tsx sets it from the browser's). */
const pageLanguage = () => document.documentElement.lang || "en";

/**
 * An invitation link's page (`/m/invite/<code>`, what its poster carries): whose it is, the coupon
 * it gives and until when; while it is valid, a member signs in or a new customer registers, and the
 * coupon is theirs. An invalid or claimed-out link says so and offers nothing else.
 */
export default function InvitePage({ t, code }: { t: Translate; code: string }) {
  const [loaded, setLoaded] = useState<{ offer?: InviteOffer; error?: unknown }>({});
  const [claimed, setClaimed] = useState<MemberCouponItem | null>(null);
  useEffect(() => {
    let stopped = false;
    payCall(API.members.appInvite, { code }).then(
      (offer) => !stopped && setLoaded({ offer }),
      (error: unknown) => !stopped && setLoaded({ error }),
    );
    return () => {
      stopped = true;
    };
  }, [code]);

  const { offer } = loaded;
  if (!offer) {
    return <p className="pay-note">{loaded.error ? refusalText(t, loaded.error) : t("loading")}</p>;
  }
  const lang = pageLanguage();
  return (
    <>
      <header className="pay-header">
        <p>{t("invite.from")}</p>
        <h1 data-testid="invite-vendor">{offer.vendor_name}</h1>
      </header>
      <section className="pay-card" data-testid="invite-offer">
        <h2>{offer.coupon.name}</h2>
        <p className="pay-amount">{worthText(t, offer.coupon)}</p>
        <p className="pay-muted">
          {offer.coupon.valid_days === 1
            ? t("invite.couponOneDay")
            : t("invite.couponDays", { days: offer.coupon.valid_days })}
        </p>
        {offer.status === "valid" && (
          <p className="pay-muted" data-testid="invite-until">
            {t("invite.claimBy", { date: lastDayText(offer.expires_at, offer.time_zone, lang) })}
          </p>
        )}
      </section>
      {offer.status !== "valid" ? (
        <p className="pay-error" data-testid="invite-unavailable">
          {t(offer.status === "claimed_out" ? "invite.claimedOut" : "invite.invalid")}
        </p>
      ) : claimed ? (
        <Claimed t={t} coupon={claimed} timeZone={offer.time_zone} lang={lang} />
      ) : (
        <JoinForm t={t} code={offer.code} onClaimed={setClaimed} />
      )}
    </>
  );
}

/** The coupon now held: the member's own code for it, and its last day. Takes the focus when shown. */
function Claimed({
  t,
  coupon,
  timeZone,
  lang,
}: {
  t: Translate;
  coupon: MemberCouponItem;
  timeZone: string;
  lang: string;
}) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section className="pay-card pay-status pay-status-started" tabIndex={-1} ref={ref} data-testid="invite-claimed">
      <h2 className="pay-status-text">{t("invite.yours")}</h2>
      <p>{coupon.coupon.name}</p>
      <p data-testid="invite-coupon-code">{t("invite.couponCode", { code: coupon.unique_did })}</p>
      <p>{t("invite.validUntil", { date: lastDayText(coupon.expires_at, timeZone, lang) })}</p>
    </section>
  );
}
