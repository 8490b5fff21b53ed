import { useSession } from "./store";

/** How money is shown: the vendor's currency and its hide-symbol setting. */
export interface MoneyDisplay {
  currency: string;
  hideSymbol: boolean;
}

/** The signed-in vendor's money display, as every money column and total shows it. */
export function useMoneyDisplay(): MoneyDisplay {
  const info = useSession()?.accountInfo?.common_info;
  return { currency: info?.currency ?? "USD", hideSymbol: info?.hide_symbol === "1" };
}
