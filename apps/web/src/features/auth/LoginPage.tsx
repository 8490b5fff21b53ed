import { API, type LoginField, loginFieldError } from "@washboard/shared";
import { type FormEvent, lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { call } from "../../app/api/client";
import { toastError, toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { LazyConsole } from "../../app/LazyConsole";
import { LanguagePicker } from "../../app/layout/LanguagePicker";
import { sessionStore } from "../../app/session/store";
import "./login.css";

const RegisterDialog = lazy(() => import("./RegisterDialog").then((m) => ({ default: m.RegisterDialog })));

type Field = LoginField;

/** The translated message of the §5 rule a value breaks (the server's schemas use the same rules). */
const fieldError = (field: Field, value: string): string | undefined => {
  const key = loginFieldError(field, value);
  return key ? i18next.t(key) : undefined;
};

/**
 * /login (spec §2): sign in with the §5 rules, pick a language, or register a merchant. Plain HTML
 * and CSS, validated by the same shared rules as the server, so the first page loads fast.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ login: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [registering, setRegistering] = useState(false);

  const validate = (field: Field, value: string) => setErrors((e) => ({ ...e, [field]: fieldError(field, value) }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      login: fieldError("login", values.login),
      password: fieldError("password", values.password),
    };
    setErrors(found);
    if (found.login || found.password) return;
    setSubmitting(true);
    try {
      const result = await call(API.auth.login, values);
      toastSuccess("success.login");
      // The guard takes a signed-in user from /login to the redirect parameter.
      sessionStore.signIn(result);
    } catch (error) {
      toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const input = (field: Field, type: string, autoComplete: string) => (
    <div className={`login-field ${errors[field] ? "login-field-error" : ""}`}>
      <label htmlFor={field}>{t(field === "login" ? "login.username" : "login.password")}</label>
      <input
        id={field}
        type={type}
        autoComplete={autoComplete}
        maxLength={20}
        value={values[field]}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={errors[field] ? `${field}-error` : undefined}
        onChange={(e) => {
          setValues((v) => ({ ...v, [field]: e.target.value }));
          if (errors[field]) validate(field, e.target.value);
        }}
        onBlur={(e) => e.target.value !== "" && validate(field, e.target.value)}
      />
      {errors[field] && (
        <div className="login-field-message" id={`${field}-error`} role="alert">
          {errors[field]}
        </div>
      )}
    </div>
  );

  return (
    <main className="login-page">
      <form className="login-card" data-testid="login-card" onSubmit={onSubmit} noValidate>
        <div className="login-top">
          <span className="login-portals">
            {t("app.portal.vendor")} · {t("app.portal.organization")}
          </span>
          <LanguagePicker />
        </div>
        <h1 className="login-title">{t("login.title")}</h1>
        {input("login", "text", "username")}
        {input("password", "password", "current-password")}
        <button type="submit" className="login-submit" disabled={submitting} data-testid="login-submit">
          {t("login.submit")}
        </button>
        <div className="login-links">
          <span>
            {t("login.noAccount")}{" "}
            <button
              type="button"
              className="login-link"
              onClick={() => setRegistering(true)}
              data-testid="open-register"
            >
              {t("login.register")}
            </button>
          </span>
          <Link to="/open/tools/apidoc">{t("login.apiDoc")}</Link>
        </div>
      </form>
      {registering && (
        <LazyConsole>
          <Suspense fallback={null}>
            <RegisterDialog onClose={() => setRegistering(false)} onSignedIn={() => navigate("/", { replace: true })} />
          </Suspense>
        </LazyConsole>
      )}
    </main>
  );
}
