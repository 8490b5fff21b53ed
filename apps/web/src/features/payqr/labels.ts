import { PAYQR_BIND_MODE, type PayQrItem } from "@washboard/shared";
import { i18next } from "../../app/i18n";

export function bindModeLabel(mode: number): string {
  if (mode === PAYQR_BIND_MODE.shop) return i18next.t("payqr.bindModes.shop");
  if (mode === PAYQR_BIND_MODE.device) return i18next.t("payqr.bindModes.device");
  return i18next.t("common.unknown");
}

/** "Shop" or "Device: Washer 1 (SN-1)": what a code pays into. */
export function boundToText(item: PayQrItem): string {
  if (item.bind_mode !== PAYQR_BIND_MODE.device) return bindModeLabel(item.bind_mode);
  const device = item.device_name
    ? `${item.device_name} (${item.device_serial_number ?? ""})`
    : (item.device_serial_number ?? "");
  return `${bindModeLabel(item.bind_mode)}: ${device}`;
}
