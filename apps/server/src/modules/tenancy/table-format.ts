import { formatMoney, type LanguageCode, type SheetFormat } from "@washboard/shared";
import { message } from "../../platform/i18n/messages.js";
import type { VendorRow } from "./queries.js";

/**
 * How a file the server writes for a vendor (a mailed report, an export) says its cells: in the
 * reader's language, money as the vendor shows it, times in its zone — as the console's table does.
 */
export function vendorTableFormat(vendor: VendorRow, language: LanguageCode): SheetFormat {
  return {
    t: (key) => message(language, key),
    money: (minor, currency) => formatMoney(minor, currency, { hideSymbol: vendor.hideSymbol }),
    hideSymbol: vendor.hideSymbol,
    timeZone: vendor.timeZone,
  };
}
