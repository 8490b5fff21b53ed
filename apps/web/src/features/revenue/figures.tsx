import { useQuery } from "@tanstack/react-query";
import { type EndpointContract, formatMoney, PROVIDER_BRAND_NAMES, type RevenueFigures } from "@washboard/shared";
import type { z } from "zod";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { i18next } from "../../app/i18n";
import { useActiveVendorId, useSession } from "../../app/session/store";
import type { ReportColumn } from "../../app/ui/data-table/ReportTable";

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/**
 * Today's figures follow the live stream (`revenue.changed`); this slow refresh only catches up what
 * a dropped connection missed (decisions.md "Revenue rollups").
 */
export const TODAY_REFRESH_MS = 60_000;

/** Amounts in their own currency, with the vendor's hide-symbol setting. */
export function useMoney(): (minor: number, currency: string) => string {
  const hide = useSession()?.accountInfo?.common_info.hide_symbol === "1";
  return (minor, currency) => formatMoney(minor, currency, { hideSymbol: hide });
}

/** A payment source's name: a provider's brand, or ours for the sources that are not providers. */
export function sourceLabel(source: string): string {
  return (
    (PROVIDER_BRAND_NAMES as Record<string, string>)[source] ?? t(`revenue.sources.${source}`, { defaultValue: source })
  );
}

/**
 * A column's total: per currency, never adding amounts of two currencies — one vendor shows one
 * amount, a group across currencies shows each beside the other.
 */
export function totalPerCurrency<Row extends { currency: string }>(
  rows: Row[],
  amount: (row: Row) => number,
  money: (minor: number, currency: string) => string,
): string {
  const sums = new Map<string, number>();
  for (const row of rows) sums.set(row.currency, (sums.get(row.currency) ?? 0) + amount(row));
  return [...sums.entries()].map(([currency, sum]) => money(sum, currency)).join(" · ");
}

/** The figure columns every revenue table shows: orders, takings, refunds, refunded, net — sortable, totalled. */
export function figureColumns<Row extends RevenueFigures>(
  rows: Row[],
  money: (minor: number, currency: string) => string,
  options: { ordersTitleKey?: string } = {},
): ReportColumn<Row>[] {
  const amount = (key: "gross" | "refunded" | "net", titleKey: string): ReportColumn<Row> => ({
    key,
    titleKey,
    numeric: true,
    text: (row) => money(row[key], row.currency),
    sortValue: (row) => row[key],
    total: totalPerCurrency(rows, (row) => row[key], money),
  });
  const count = (key: "orders" | "refunds", titleKey: string): ReportColumn<Row> => ({
    key,
    titleKey,
    numeric: true,
    text: (row) => String(row[key]),
    sortValue: (row) => row[key],
    total: String(rows.reduce((n, row) => n + row[key], 0)),
  });
  return [
    count("orders", options.ordersTitleKey ?? "revenue.figures.orders"),
    amount("gross", "revenue.figures.gross"),
    count("refunds", "revenue.figures.refunds"),
    amount("refunded", "revenue.figures.refunded"),
    amount("net", "revenue.figures.net"),
  ];
}

/** Whether all rows are in one currency (a chart can then put them on one axis). */
export function oneCurrency(rows: { currency: string }[]): boolean {
  return new Set(rows.map((r) => r.currency)).size <= 1;
}

/**
 * One revenue call's answer for a filter, cached per active vendor; today's figures refetch while
 * the period includes today.
 */
export function useRevenue<C extends EndpointContract>(
  contract: C,
  body: z.input<C["body"]> | null,
  options: { live?: boolean } = {},
) {
  const vendorId = useActiveVendorId();
  return useQuery({
    queryKey: queryKeys.call(contract, vendorId, body),
    queryFn: () => call(contract, body as z.input<C["body"]>),
    enabled: body !== null,
    refetchInterval: options.live ? TODAY_REFRESH_MS : false,
  });
}
