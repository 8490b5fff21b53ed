import {
  API,
  adjustmentName,
  discountedPrice,
  formatMoney,
  type OrderProviderId,
  type PayMachine,
  type PaymentStatus,
  type PayPage,
  PROVIDER_BRAND_NAMES,
} from "@washboard/shared";
import { lazy, Suspense, useEffect, useState } from "react";
import { AnnouncementPopup } from "./announcement/AnnouncementPopup";
import { useAnnouncementPopup } from "./announcement/useAnnouncementPopup";
import { PayCallError, payCall } from "./api";
import type { Translate } from "./i18n";

/** How often the page asks again: machines' state on the choice page, the payment on the status page. */
const REFRESH_MS = 3_000;

/** An invitation's page and its form load only with it (they bring the shared zod rules): a pay QR code's page stays small. */
const InvitePage = lazy(() => import("./invite/InvitePage"));

type Place = { code: string } | { serial: string };
type View =
  | { kind: "choose"; place: Place }
  | { kind: "sandbox"; orderNo: string }
  | { kind: "status"; orderNo: string }
  | { kind: "invite"; code: string }
  | { kind: "unknown" };

/**
 * Which page a path is: /pay/qr/<code>, /pay/d/<serial>, /pay/sandbox/<order>, /pay/order/<order>,
 * or an invitation link, /m/invite/<code>.
 */
export function viewOf(path: string): View {
  const [, pay, kind, value] = path.split("/");
  const id = decodeURIComponent(value ?? "");
  if (pay === "m" && kind === "invite" && id) return { kind: "invite", code: id };
  if (pay !== "pay" || !id) return { kind: "unknown" };
  if (kind === "qr") return { kind: "choose", place: { code: id } };
  if (kind === "d") return { kind: "choose", place: { serial: id } };
  if (kind === "sandbox") return { kind: "sandbox", orderNo: id };
  if (kind === "order") return { kind: "status", orderNo: id };
  return { kind: "unknown" };
}

/** The customer's pages: choose and pay, the sandbox's checkout, and how the payment and start went. */
export function PayApp({ t, path }: { t: Translate; path: string }) {
  const view = viewOf(path);
  return (
    <main className="pay">
      {view.kind === "choose" && <ChoosePage t={t} place={view.place} />}
      {view.kind === "sandbox" && <SandboxPage t={t} orderNo={view.orderNo} />}
      {view.kind === "status" && <StatusPage t={t} orderNo={view.orderNo} />}
      {view.kind === "invite" && (
        <Suspense fallback={<p className="pay-note">{t("loading")}</p>}>
          <InvitePage t={t} code={view.code} />
        </Suspense>
      )}
      {view.kind === "unknown" && <p className="pay-note">{t("notFound")}</p>}
    </main>
  );
}

const providerName = (t: Translate, id: OrderProviderId) =>
  id === "sandbox" ? t("sandbox") : PROVIDER_BRAND_NAMES[id];

function errorText(t: Translate, error: unknown): string {
  const code = error instanceof PayCallError ? error.code : "";
  if (code === "NOT_FOUND") return t("notFound");
  if (code === "DEVICE_UNAVAILABLE") return t("machineUnavailable");
  if (code === "DEVICE_RESERVED") return t("machineReserved");
  if (code === "PAYMENT_EXPIRED") return t("expired");
  if (code === "RATE_LIMITED") return t("rateLimited");
  if (code === "PROVIDER_FAILED" || code === "PROVIDER_NOT_CONFIGURED") return t("providerFailed");
  return t("error");
}

/** Calls `load` now and every REFRESH_MS while `active`; the latest answer or error. */
function usePolling<T>(load: () => Promise<T>, active: boolean, deps: readonly unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the call depends on.
  useEffect(() => {
    let stopped = false;
    const tick = () =>
      load().then(
        (data) => !stopped && setState({ data }),
        (error: unknown) => !stopped && setState((s) => ({ ...s, error })),
      );
    void tick();
    const timer = active ? setInterval(tick, REFRESH_MS) : undefined;
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [active, ...deps]);
  return state;
}

function ChoosePage({ t, place }: { t: Translate; place: Place }) {
  const { data: page, error } = usePolling(() => payCall(API.pay.page, place), true, [JSON.stringify(place)]);
  const [machineId, setMachineId] = useState<number | null>(null);
  const [option, setOption] = useState("");
  const [provider, setProvider] = useState<OrderProviderId | null>(null);
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [qr, setQr] = useState<{ orderNo: string; content: string; image: string } | null>(null);
  const popup = useAnnouncementPopup(page?.announcements);

  if (!page)
    return error ? <p className="pay-note">{errorText(t, error)}</p> : <p className="pay-note">{t("loading")}</p>;
  const machines = page.machines.filter((m) => m.programs.length > 0);
  const machine = machines.find((m) => m.id === machineId) ?? (machines.length === 1 ? machines[0] : undefined);
  const program = machine?.programs.find((p) => p.option === option) ?? machine?.programs[0];
  const chosenProvider = provider ?? (page.providers.length === 1 ? (page.providers[0] ?? null) : null);
  const money = (minor: number) => formatMoney(minor, page.currency);
  // What the chosen provider charges: the program's price less the vendor's pay discount for it.
  const charged = program ? discountedPrice(program.price, chosenProvider ? page.discounts[chosenProvider] : null) : 0;

  async function pay() {
    if (!machine || !program || !chosenProvider) return;
    setPaying(true);
    setFailure(null);
    try {
      const start = await payCall(API.pay.create, {
        place,
        device_id: machine.id,
        option: program.option,
        provider: chosenProvider,
      });
      if (start.kind === "redirect") {
        window.location.assign(start.target);
        return;
      }
      const qrcode = await import("qrcode");
      setQr({
        orderNo: start.order_no,
        content: start.target,
        image: await qrcode.toDataURL(start.target, { margin: 2, width: 280 }),
      });
    } catch (failed) {
      setFailure(errorText(t, failed));
    } finally {
      setPaying(false);
    }
  }

  if (qr && chosenProvider) {
    return (
      <section className="pay-card" data-testid="pay-qr">
        <p>{t("scanWith", { provider: providerName(t, chosenProvider) })}</p>
        <img className="pay-qr" src={qr.image} alt={qr.content} />
        <StatusBlock t={t} orderNo={qr.orderNo} onCancelled={() => setQr(null)} />
      </section>
    );
  }

  return (
    <>
      {popup.showing && (
        <AnnouncementPopup
          announcement={popup.showing.announcement}
          skin={popup.showing.skin}
          animation={popup.showing.announcement.animation}
          labels={{ ok: t("announcement.ok"), close: t("announcement.close") }}
          onClose={popup.dismiss}
        />
      )}
      <header className="pay-header">
        <h1>{page.shop_name}</h1>
        <p>{page.shop_address}</p>
      </header>
      {machines.length === 0 ? (
        <p className="pay-note">{t("noMachines")}</p>
      ) : (
        <section className="pay-card">
          <h2>{t("chooseMachine")}</h2>
          <ul className="pay-choices" data-testid="pay-machines">
            {machines.map((m) => (
              <li key={m.id}>
                <label className={`pay-choice${m.state === "idle" ? "" : " is-unavailable"}`}>
                  <input
                    type="radio"
                    name="machine"
                    checked={machine?.id === m.id}
                    disabled={m.state !== "idle"}
                    onChange={() => {
                      setMachineId(m.id);
                      setOption("");
                    }}
                  />
                  <span className="pay-choice-name">{machineLabel(m)}</span>
                  <span className={`pay-state pay-state-${m.state}`} data-testid={`pay-machine-state-${m.id}`}>
                    {t(`states.${m.state}`)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}
      {machine && (
        <section className="pay-card">
          <h2>{t("chooseProgram")}</h2>
          <ul className="pay-choices" data-testid="pay-programs">
            {machine.programs.map((p) => (
              <li key={p.option}>
                <label className="pay-choice">
                  <input
                    type="radio"
                    name="program"
                    checked={program?.option === p.option}
                    onChange={() => setOption(p.option)}
                  />
                  <span className="pay-choice-name">
                    {p.name}
                    <small>{t("minutes", { minutes: p.minutes })}</small>
                    {p.adjustments.map((a) => (
                      <small key={`${a.kind}-${a.rule_id}`} className="pay-reason" data-testid="pay-reason">
                        {t(`adjustments.${a.kind}`, { name: a.name })}
                      </small>
                    ))}
                  </span>
                  <span className="pay-price">
                    {p.list_price !== p.price && (
                      <s className="pay-list-price" data-testid="pay-list-price">
                        {money(p.list_price)}
                      </s>
                    )}
                    <strong data-testid="pay-program-price">{money(p.price)}</strong>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </section>
      )}
      {machine && (
        <section className="pay-card">
          <h2>{t("payWith")}</h2>
          {page.providers.length === 0 ? (
            <p>{t("noProviders")}</p>
          ) : (
            <ul className="pay-choices" data-testid="pay-providers">
              {page.providers.map((id) => (
                <li key={id}>
                  <label className="pay-choice">
                    <input
                      type="radio"
                      name="provider"
                      checked={chosenProvider === id}
                      onChange={() => setProvider(id)}
                    />
                    <span className="pay-choice-name">{providerName(t, id)}</span>
                    {page.discounts[id] !== undefined && (
                      <span className="pay-state pay-state-idle" data-testid={`pay-discount-${id}`}>
                        {t("discount", { percent: page.discounts[id] ?? 0 })}
                      </span>
                    )}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {failure && (
        <p className="pay-error" role="alert">
          {failure}
        </p>
      )}
      {machine && program && (
        <button
          type="button"
          className="pay-button"
          disabled={paying || !chosenProvider || machine.state !== "idle"}
          onClick={() => void pay()}
          data-testid="pay-submit"
        >
          {t("pay", { amount: money(charged) })}
        </button>
      )}
    </>
  );
}

const machineLabel = (m: PayMachine) => [m.machine_number, m.name].filter(Boolean).join(" · ") || `#${m.id}`;

function SandboxPage({ t, orderNo }: { t: Translate; orderNo: string }) {
  const { data: status, error } = usePolling(() => payCall(API.pay.status, { order_no: orderNo }), false, [orderNo]);
  const [failure, setFailure] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  if (!status) return <p className="pay-note">{error ? errorText(t, error) : t("loading")}</p>;
  if (status.closed && status.pay_status === "unpaid") return <StatusPage t={t} orderNo={orderNo} />;
  async function pay() {
    setPaying(true);
    try {
      await payCall(API.pay.sandboxPay, { order_no: orderNo });
      window.location.assign(`/pay/order/${encodeURIComponent(orderNo)}`);
    } catch (failed) {
      setFailure(errorText(t, failed));
      setPaying(false);
    }
  }
  return (
    <section className="pay-card" data-testid="pay-sandbox">
      <h1>{t("sandboxTitle")}</h1>
      <p>{t("sandboxText")}</p>
      <p className="pay-amount">{formatMoney(status.amount, status.currency)}</p>
      <p className="pay-muted">
        {status.machine_name} · {status.program}
      </p>
      <PriceBreakdown t={t} status={status} />
      {failure && (
        <p className="pay-error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="button"
        className="pay-button"
        disabled={paying}
        onClick={() => void pay()}
        data-testid="pay-sandbox-pay"
      >
        {t("pay", { amount: formatMoney(status.amount, status.currency) })}
      </button>
    </section>
  );
}

/** Why a payment costs its amount: the list price, then each adjustment with its reason (none: nothing shown). */
function PriceBreakdown({ t, status }: { t: Translate; status: PaymentStatus }) {
  const { pricing, currency } = status;
  if (!pricing || pricing.adjustments.length === 0) return null;
  return (
    <ul className="pay-breakdown" data-testid="pay-breakdown">
      <li>
        <span>{t("listPrice")}</span>
        <span>{formatMoney(pricing.list_price, currency)}</span>
      </li>
      {pricing.adjustments.map((a) => (
        <li key={`${a.kind}-${a.rule_id}`}>
          <span>{t(`adjustments.${a.kind}`, { name: adjustmentName(a) })}</span>
          <span>{formatMoney(a.amount, currency)}</span>
        </li>
      ))}
    </ul>
  );
}

function StatusPage({ t, orderNo }: { t: Translate; orderNo: string }) {
  return (
    <section className="pay-card">
      <StatusBlock t={t} orderNo={orderNo} />
    </section>
  );
}

/** Settled: nothing more will change without someone acting (the page stops asking). */
const isSettled = (s: PaymentStatus | undefined) =>
  s !== undefined &&
  ((s.pay_status === "unpaid" && s.closed) ||
    s.refund_status === "refunded" ||
    (s.start === "started" && s.refund_status === "none"));

/** What the customer reads first: the money's fate before the machine's, once money went back. */
export function statusText(t: Translate, status: PaymentStatus): string {
  if (status.pay_status === "unpaid") return status.closed ? t("expired") : t("waiting");
  if (status.refund_status === "refunded") return status.start === "failed" ? t("failedRefunded") : t("refundDone");
  if (status.refund_status === "refunding") return status.start === "failed" ? t("failed") : t("refunding");
  if (status.start === "started") return t("started");
  return status.start === "failed" ? t("failed") : t("paid");
}

/** Seconds left until `expiresAt` (epoch seconds), counted down every second. */
function useSecondsLeft(expiresAt: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? null : Math.max(0, Math.ceil(expiresAt - now / 1000));
}

const minutesAndSeconds = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/**
 * How the payment and the machine's start stand, asked again until they are settled. While it is
 * unpaid the machine is held for the customer: how long is shown, and they may give it up.
 */
function StatusBlock({ t, orderNo, onCancelled }: { t: Translate; orderNo: string; onCancelled?: () => void }) {
  const [settled, setSettled] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const { data: status, error } = usePolling(() => payCall(API.pay.status, { order_no: orderNo }), !settled, [orderNo]);
  useEffect(() => setSettled(isSettled(status)), [status]);
  const open = status?.pay_status === "unpaid" && !status.closed;
  const secondsLeft = useSecondsLeft(open ? (status?.expires_at ?? null) : null);
  if (!status) return <p className="pay-note">{error ? errorText(t, error) : t("loading")}</p>;
  async function cancel() {
    setCancelling(true);
    try {
      await payCall(API.pay.cancel, { order_no: orderNo });
      if (onCancelled) onCancelled();
      else setSettled(false);
    } finally {
      setCancelling(false);
    }
  }
  const state = status.pay_status === "unpaid" && status.closed ? "closed" : status.start;
  return (
    <div
      className={`pay-status pay-status-${state}`}
      data-testid="pay-status"
      data-start={status.start}
      data-state={state}
    >
      <p className="pay-status-text">{statusText(t, status)}</p>
      <p className="pay-amount">{formatMoney(status.amount, status.currency)}</p>
      <p className="pay-muted">
        {status.machine_name} · {status.program}
      </p>
      <PriceBreakdown t={t} status={status} />
      {status.refund_amount > 0 && (
        <p>{t("refunded", { amount: formatMoney(status.refund_amount, status.currency) })}</p>
      )}
      {open && secondsLeft !== null && (
        <p className="pay-muted" data-testid="pay-held">
          {t("heldFor", { time: minutesAndSeconds(secondsLeft) })}
        </p>
      )}
      {open && (
        <button
          type="button"
          className="pay-button pay-button-secondary"
          disabled={cancelling}
          onClick={() => void cancel()}
          data-testid="pay-cancel"
        >
          {t("cancel")}
        </button>
      )}
      <p className="pay-muted">{t("orderNo", { order: status.order_no })}</p>
    </div>
  );
}

export type { PayPage };
