import type { MemberCouponItem } from "@washboard/shared";
import { type FormEvent, type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import type { Translate } from "../i18n";
import { refusalText } from "./invite-text";
import { joinAndClaim } from "./join";
import { type JoinErrors, type JoinMode, type JoinValues, joinErrors } from "./join-rules";

const MODES: { mode: JoinMode; label: string }[] = [
  { mode: "signIn", label: "invite.signInMode" },
  { mode: "register", label: "invite.registerMode" },
];

/**
 * A member signs in, a new customer registers (then signs in), and the invitation's coupon is
 * claimed. The fields are checked with the member app's own rules before anything is sent; a
 * refusal is said in words and takes the focus.
 */
export function JoinForm({
  t,
  code,
  onClaimed,
}: {
  t: Translate;
  code: string;
  onClaimed: (coupon: MemberCouponItem) => void;
}) {
  const [mode, setMode] = useState<JoinMode>("signIn");
  const [values, setValues] = useState<JoinValues>({ phone: "", pin: "", name: "" });
  const [errors, setErrors] = useState<JoinErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const failureRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = joinErrors(mode, values);
    setErrors(found);
    setFailure(null);
    const firstWrong = (["phone", "pin", "name"] as const).find((field) => found[field]);
    if (firstWrong) {
      document.getElementById(`invite-${firstWrong}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      onClaimed(await joinAndClaim(code, mode, values));
    } catch (refused) {
      setFailure(refusalText(t, refused));
      setBusy(false);
    }
  }

  const field = (name: keyof JoinValues) => ({
    id: `invite-${name}`,
    value: values[name],
    error: errors[name] ? t(errors[name]) : undefined,
    onChange: (value: string) => setValues((v) => ({ ...v, [name]: value })),
  });

  return (
    <form className="pay-card" onSubmit={(e) => void submit(e)} noValidate data-testid="invite-form">
      <h2>{t("invite.claimTitle")}</h2>
      <fieldset className="pay-modes">
        <legend>{t("invite.mode")}</legend>
        <ul className="pay-choices">
          {MODES.map((m) => (
            <li key={m.mode}>
              <label className="pay-choice">
                <input
                  type="radio"
                  name="invite-mode"
                  checked={mode === m.mode}
                  onChange={() => {
                    setMode(m.mode);
                    setErrors({});
                    setFailure(null);
                  }}
                  data-testid={`invite-mode-${m.mode}`}
                />
                <span className="pay-choice-name">{t(m.label)}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <Field label={t("invite.phone")} type="tel" autoComplete="tel" inputMode="tel" {...field("phone")} />
      <Field
        label={t("invite.pin")}
        type="password"
        inputMode="numeric"
        autoComplete={mode === "register" ? "new-password" : "current-password"}
        {...field("pin")}
      />
      {mode === "register" && <Field label={t("invite.name")} type="text" autoComplete="name" {...field("name")} />}
      {failure && (
        <p className="pay-error" role="alert" tabIndex={-1} ref={failureRef} data-testid="invite-failure">
          {failure}
        </p>
      )}
      <button type="submit" className="pay-button" disabled={busy} data-testid="invite-submit">
        {t(mode === "register" ? "invite.registerSubmit" : "invite.signInSubmit")}
      </button>
    </form>
  );
}

type FieldProps = {
  id: string;
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "autoComplete" | "inputMode">;

/** A labelled field, its broken rule said under it (and read with it). */
function Field({ id, label, value, error, onChange, ...input }: FieldProps) {
  return (
    <div className="pay-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid={id}
        {...input}
      />
      {error && (
        <p className="pay-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
