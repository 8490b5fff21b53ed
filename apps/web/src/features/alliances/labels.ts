import { ALLIANCE_STATUS, ALLIANCE_TYPE } from "@washboard/shared";
import { i18next } from "../../app/i18n";

/** Spec §9: laundry or cross-industry; anything else shows as unknown. */
export function allianceTypeLabel(type: number): string {
  if (type === ALLIANCE_TYPE.laundry) return i18next.t("alliances.types.laundry");
  if (type === ALLIANCE_TYPE.crossIndustry) return i18next.t("alliances.types.crossIndustry");
  return i18next.t("common.unknown");
}

/** Spec §4: enabled, disabled, and an unknown fallback. */
export function allianceStatusLabel(status: number): string {
  if (status === ALLIANCE_STATUS.enabled) return i18next.t("common.enabled");
  if (status === ALLIANCE_STATUS.disabled) return i18next.t("common.disabled");
  return i18next.t("common.unknown");
}
