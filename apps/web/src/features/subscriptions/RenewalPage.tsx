import { useQuery } from "@tanstack/react-query";
import {
  API,
  LIST_PAGE_SIZE,
  SUBSCRIPTION_FILTERS,
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_ORDER_MAX_DEVICES,
  SUBSCRIPTION_WARNING_DAYS,
  SUBSCRIPTION_YEARS,
  type SubscriptionDevice,
  type SubscriptionOrderDetails,
} from "@washboard/shared";
import { Alert, Button, Card, Input, Select, Tabs, Typography } from "antd";
import { type Key, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { i18next } from "../../app/i18n";
import { useLinkedFilters } from "../../app/layout/useLinkedFilters";
import { useActiveVendorId } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { PageSpinner } from "../../app/ui/PageSpinner";
import { DeviceStateTags, deviceStateText, endDateText } from "./labels";
import { preselectedDeviceIds, type SubscriptionTab, tabOfPreselection } from "./links";
import { OrderDialog } from "./OrderDialog";
import "./subscriptions.css";

interface SearchForm {
  keyword?: string;
}

const YEARS = Array.from(
  { length: SUBSCRIPTION_YEARS.max - SUBSCRIPTION_YEARS.min + 1 },
  (_, index) => SUBSCRIPTION_YEARS.min + index,
);

function deviceColumns(timeZone: string): DataColumn<SubscriptionDevice>[] {
  const t = i18next.t;
  return [
    { key: "serial", titleKey: "subscriptions.columns.serial", dataIndex: "serial" },
    { key: "name", titleKey: "subscriptions.columns.name", dataIndex: "name" },
    { key: "shop", titleKey: "subscriptions.columns.shop", text: (d) => d.shop_name ?? "" },
    {
      key: "end",
      titleKey: "subscriptions.columns.endDate",
      priority: "key",
      text: (d) => endDateText(d.expires_at, timeZone),
    },
    {
      key: "state",
      titleKey: "subscriptions.columns.state",
      priority: "key",
      text: (d) => (d.locked ? `${deviceStateText(d.state)}, ${t("subscriptions.locked")}` : deviceStateText(d.state)),
      render: (d) => <DeviceStateTags device={d} />,
    },
  ];
}

/**
 * The tab a link's preselected machines open on: the list of each state is read as far as one page
 * of the largest size goes. Whatever fails, every machine's tab (the selection stands either way).
 */
async function tabHolding(ids: number[]): Promise<SubscriptionTab> {
  const idsIn = async (state: "expiring" | "expired") =>
    (await call(API.subscriptions.devices, { state, page_size: LIST_PAGE_SIZE.max })).items.map((d) => d.device_id);
  try {
    const expiring = await idsIn("expiring");
    if (tabOfPreselection(ids, expiring, []) === "expiring") return "expiring";
    return tabOfPreselection(ids, [], await idsIn("expired"));
  } catch {
    return "all";
  }
}

/**
 * /subscribe/subscribe (spec §2 renewal): the vendor's machines by subscription state, each with its
 * end date; the machines chosen (across pages and tabs) are renewed for 1–5 years by one order, paid
 * with PayPal. A link may preselect machines (`?devices=1,2,3`, the expiry warning's).
 */
export default function RenewalPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const activeVendorId = useActiveVendorId();
  const linked = useLinkedFilters();
  const preselected = preselectedDeviceIds(linked.values.devices);
  // Null while the tab holding a link's preselection is looked up.
  const [tab, setTab] = useState<SubscriptionTab | null>(preselected.length > 0 ? null : "all");
  const [keyword, setKeyword] = useState<string | undefined>();
  const [selected, setSelected] = useState<Key[]>(preselected);
  const [years, setYears] = useState<number>(SUBSCRIPTION_YEARS.min);
  const [order, setOrder] = useState<SubscriptionOrderDetails | null>(null);
  const yearsId = useId();

  // A link followed to the screen, also while it is open in its tab, chooses its machines anew.
  useEffect(() => {
    const ids = preselectedDeviceIds(linked.values.devices);
    if (ids.length === 0) return;
    setSelected(ids);
    setTab(null);
    let cancelled = false;
    void tabHolding(ids).then((found) => {
      if (!cancelled) setTab(found);
    });
    return () => {
      cancelled = true;
    };
  }, [linked]);

  const counts = useQuery({
    queryKey: queryKeys.call(API.subscriptions.deviceCounts, activeVendorId),
    queryFn: () => call(API.subscriptions.deviceCounts),
  });
  const create = useCallMutation(API.subscriptions.createOrder, {
    onSuccess: (made) => {
      // The order holds them now; paying it later is done from My orders, not by ordering again.
      setSelected([]);
      setOrder(made);
    },
  });

  const tabLabel = (key: SubscriptionTab) =>
    counts.data
      ? t(`subscriptions.tabs.${key}`, { count: counts.data[key] })
      : key === "all"
        ? t("table.all")
        : deviceStateText(key);
  const tooMany = selected.length > SUBSCRIPTION_ORDER_MAX_DEVICES;
  const filters = tab === null ? null : { state: tab, ...presentFilters({ keyword }) };

  return (
    <Card data-testid="subscription-renewal-page">
      <Alert
        type="info"
        showIcon
        className="subscription-help"
        title={t("subscriptions.expiryHelp", { warning: SUBSCRIPTION_WARNING_DAYS, grace: SUBSCRIPTION_GRACE_DAYS })}
      />
      <Tabs
        activeKey={tab ?? undefined}
        onChange={(key) => setTab(key as SubscriptionTab)}
        items={SUBSCRIPTION_FILTERS.map((key) => ({
          key,
          label: <span data-testid={`subscription-tab-${key}`}>{tabLabel(key)}</span>,
        }))}
      />
      <FilterBar<SearchForm>
        fields={[
          {
            name: "keyword",
            labelKey: "common.search",
            input: (
              <Input
                allowClear
                maxLength={64}
                placeholder={t("subscriptions.searchPlaceholder")}
                data-testid="subscription-search"
              />
            ),
          },
        ]}
        onSearch={(values) => setKeyword(values.keyword)}
        testId="subscription-filters"
      />
      <div className="subscription-bar" data-testid="subscription-bar">
        <Typography.Text strong data-testid="subscription-selected">
          {t("subscriptions.selected", { count: selected.length })}
        </Typography.Text>
        {selected.length > 0 && (
          <Button type="link" onClick={() => setSelected([])} data-testid="subscription-clear">
            {t("subscriptions.clearSelection")}
          </Button>
        )}
        <span className="subscription-years">
          <label htmlFor={yearsId}>{t("subscriptions.years")}</label>
          <Select<number>
            id={yearsId}
            value={years}
            onChange={setYears}
            options={YEARS.map((count) => ({ value: count, label: t("subscriptions.yearsOption", { count }) }))}
            data-testid="subscription-years"
          />
        </span>
        <Button
          type="primary"
          disabled={selected.length === 0 || tooMany}
          loading={create.isPending}
          onClick={() => create.mutate({ device_ids: selected.map(Number), years })}
          data-testid="subscription-renew"
        >
          {t("subscriptions.renew")}
        </Button>
        {tooMany && <Typography.Text type="danger">{t("validation.tooManyRenewalDevices")}</Typography.Text>}
      </div>
      {filters === null ? (
        <PageSpinner />
      ) : (
        <DataTable
          contract={API.subscriptions.devices}
          filters={filters}
          columns={deviceColumns(timeZone)}
          rowKey={(device) => device.device_id}
          title={t("routes.subscribe")}
          emptyText={keyword ? t("table.empty") : t("subscriptions.empty")}
          testId="subscription-device-table"
          selection={{ keys: selected, onChange: (keys) => setSelected(keys) }}
        />
      )}
      {order && <OrderDialog order={order} onClose={() => setOrder(null)} />}
    </Card>
  );
}
