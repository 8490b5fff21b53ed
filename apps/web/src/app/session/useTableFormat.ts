import { formatMoney, type TableFormat } from "@washboard/shared";
import { useTranslation } from "react-i18next";
import { useMoneyDisplay } from "./useMoneyDisplay";
import { useTimeZone } from "./useTimeZone";

/**
 * How the shared columns (packages/shared) write a cell on this console: the interface language, the
 * vendor's hide-symbol setting and its time zone — what the server's export of the same table uses.
 */
export function useTableFormat(): TableFormat {
  const { t } = useTranslation();
  const { hideSymbol } = useMoneyDisplay();
  const timeZone = useTimeZone();
  return { t, money: (minor, currency) => formatMoney(minor, currency, { hideSymbol }), timeZone };
}
