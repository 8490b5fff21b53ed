import {
  API,
  formatMoney,
  type OrderProviderId,
  type PayMachine,
  type PaymentStatus,
  type PayPage,
  PROVIDER_BRAND_NAMES,
} from "@washboard/shared";
import { useEffect, useState } from "react";
import { PayCallError, payCall } from "./api";
import type { Translate } from "./i18n";

/** How often the page asks again: machines' state on the choice page, the payment on the status page. */
const REFRESH_MS = 3_000;

type Place = { code: string } | { serial: string };
type View =
  | { kind: "choose"; place: Place }
  | { kind: "sandbox"; orderNo: string }
  | { kind: "status"; orderNo: string }
  | { kind: "unknown" };

/** Which page a path is: /pay/qr/<code>, /pay/d/<serial>, /pay/sandbox/<order>, /pay/order/<order>. */
export function viewOf(path: string): View {
  const [, pay, kind, value] = path.split("/");
  const id = decodeURIComponent(value ?? "");
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

  if (!page)
    return error ? <p className="pay-note">{errorText(t, error)}</p> : <p className="pay-note">{t("loading")}</p>;
  const machines = page.machines.filter((m) => m.programs.length > 0);
  const machine = machines.find((m) => m.id === machineId) ?? (machines.length === 1 ? machines[0] : undefined);
  const program = machine?.programs.find((p) => p.option === option) ?? machine?.programs[0];
  const chosenProvider = provider ?? (page.providers.length === 1 ? (page.providers[0] ?? null) : null);
  const money = (minor: number) => formatMoney(minor, page.currency);

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
        <StatusBlock t={t} orderNo={qr.orderNo} />
      </section>
    );
  }

  return (
    <>
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
                  </span>
                  <strong>{money(p.price)}</strong>
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
          {t("pay", { amount: money(program.price) })}
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

function StatusPage({ t, orderNo }: { t: Translate; orderNo: string }) {
  return (
    <section className="pay-card">
      <StatusBlock t={t} orderNo={orderNo} />
    </section>
  );
}

const isSettled = (s: PaymentStatus | undefined) =>
  s !== undefined && (s.start === "started" || (s.start === "failed" && s.refund_status === "refunded"));

/** How the payment and the machine's start stand, asked again until they are settled. */
function StatusBlock({ t, orderNo }: { t: Translate; orderNo: string }) {
  const [settled, setSettled] = useState(false);
  const { data: status, error } = usePolling(() => payCall(API.pay.status, { order_no: orderNo }), !settled, [orderNo]);
  useEffect(() => setSettled(isSettled(status)), [status]);
  if (!status) return <p className="pay-note">{error ? errorText(t, error) : t("loading")}</p>;
  const text =
    status.pay_status === "unpaid"
      ? t("waiting")
      : status.start === "started"
        ? t("started")
        : status.start === "failed"
          ? t("failed")
          : t("paid");
  return (
    <div className={`pay-status pay-status-${status.start}`} data-testid="pay-status" data-start={status.start}>
      <p className="pay-status-text">{text}</p>
      <p className="pay-amount">{formatMoney(status.amount, status.currency)}</p>
      <p className="pay-muted">
        {status.machine_name} · {status.program}
      </p>
      {status.refund_amount > 0 && (
        <p>{t("refunded", { amount: formatMoney(status.refund_amount, status.currency) })}</p>
      )}
      <p className="pay-muted">{t("orderNo", { order: status.order_no })}</p>
    </div>
  );
}

export type { PayPage };
