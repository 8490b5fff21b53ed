import { ALLIANCE_TYPE } from "@washboard/shared";
import { i18next } from "../../app/i18n";

/** Spec §9: laundry or cross-industry; anything else shows as unknown. */
export function allianceTypeLabel(type: number): string {
  if (type === ALLIANCE_TYPE.laundry) return i18next.t("alliances.types.laundry");
  if (type === ALLIANCE_TYPE.crossIndustry) return i18next.t("alliances.types.crossIndustry");
  return i18next.t("common.unknown");
}
