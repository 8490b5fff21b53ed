import { useQuery } from "@tanstack/react-query";
import {
  type EndpointContract,
  figureColumnSpecs,
  formatMoney,
  type RevenueFigures,
  sourceName,
} from "@washboard/shared";
import type { z } from "zod";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { i18next } from "../../app/i18n";
import { useActiveVendorId, useSession } from "../../app/session/store";
import { type ReportColumn, reportColumns } from "../../app/ui/data-table/report-columns";

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
  return sourceName(source, { t });
}

/** The figure columns every revenue table shows: orders, takings, refunds, refunded, net — sortable, totalled. */
export function figureColumns<Row extends RevenueFigures>(
  rows: Row[],
  money: (minor: number, currency: string) => string,
  options: { ordersTitleKey?: string } = {},
): ReportColumn<Row>[] {
  return reportColumns(figureColumnSpecs<Row>(options), rows, { t, money, timeZone: "UTC" });
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
