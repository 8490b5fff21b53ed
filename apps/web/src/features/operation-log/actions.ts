import { ALL_ENDPOINTS } from "@washboard/shared";
import { i18next } from "../../app/i18n";

/** The actions the log holds: the labels mutating API calls declare (`log`). */
export const LOGGED_ACTIONS: readonly string[] = [
  ...new Set(ALL_ENDPOINTS.flatMap((c) => (c.mutates && c.log ? [c.log] : []))),
].sort();

/** An action label in the interface language (`actions.<label>`), or the label itself when unknown. */
export function actionLabel(action: string): string {
  return i18next.t(`actions.${action}`, { defaultValue: action });
}

/** An error code in the interface language (`errors.<CODE>`), or the code itself when unknown. */
export function errorCodeLabel(code: string | null): string {
  if (!code) return "";
  const key = `errors.${code}`;
  return i18next.exists(key) ? i18next.t(key) : code;
}
