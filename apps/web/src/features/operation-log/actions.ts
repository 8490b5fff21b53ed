import { ALL_ENDPOINTS, endpointId } from "@washboard/shared";
import { i18next } from "../../app/i18n";

/** The action ids the log holds: one per mutating API call. */
export const LOGGED_ACTIONS: readonly string[] = ALL_ENDPOINTS.filter((c) => c.mutates)
  .map(endpointId)
  .sort();

/** An action id in the interface language (`actions.<id>`), or the id itself when unknown. */
export function actionLabel(action: string): string {
  return i18next.t(`actions.${action}`, { defaultValue: action });
}

/** An error code in the interface language (`errors.<CODE>`), or the code itself when unknown. */
export function errorCodeLabel(code: string | null): string {
  if (!code) return "";
  const key = `errors.${code}`;
  return i18next.exists(key) ? i18next.t(key) : code;
}
