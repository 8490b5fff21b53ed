import { ENABLED_STATUS } from "@washboard/shared";
import { i18next } from "../i18n";

/** Spec §4: enabled, disabled, and an unknown fallback, for any record with an enabled status. */
export function enabledStatusLabel(status: number): string {
  if (status === ENABLED_STATUS.enabled) return i18next.t("common.enabled");
  if (status === ENABLED_STATUS.disabled) return i18next.t("common.disabled");
  return i18next.t("common.unknown");
}
