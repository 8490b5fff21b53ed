import { useQueryClient } from "@tanstack/react-query";
import { API, formatMoney, formatTimestamp, type VendorAdminItem } from "@washboard/shared";
import { Input, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { applyChange } from "../../app/api/apply-change";
import { ApiError } from "../../app/api/client";
import { toastError } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { paymentMethodLabel, VendorDialog } from "./VendorDialog";

interface Filters {
  keyword?: string;
}

const money = (minor: number, row: VendorAdminItem) => formatMoney(minor, row.currency);

function vendorColumns(timeZone: string): DataColumn<VendorAdminItem>[] {
  return [
    { key: "id", titleKey: "vendorAdmin.fields.id", dataIndex: "vendor_id" },
    { key: "name", titleKey: "vendorAdmin.fields.name", dataIndex: "name" },
    { key: "realName", titleKey: "vendorAdmin.fields.realName", dataIndex: "real_name" },
    { key: "idNumber", titleKey: "vendorAdmin.fields.idNumber", dataIndex: "id_number" },
    { key: "phone", titleKey: "vendorAdmin.fields.phone", dataIndex: "phone" },
    { key: "homePage", titleKey: "vendorAdmin.fields.homePage", dataIndex: "home_page", ellipsis: true },
    { key: "currency", titleKey: "vendorAdmin.fields.currency", dataIndex: "currency" },
    { key: "language", titleKey: "vendorAdmin.fields.language", dataIndex: "language" },
    { key: "timeZone", titleKey: "vendorAdmin.fields.timeZone", dataIndex: "time_zone" },
    {
      key: "variant",
      titleKey: "vendorAdmin.fields.variant",
      text: (r) => i18next.t(`vendorAdmin.variants.${r.variant}`),
    },
    { key: "settlement", titleKey: "vendorAdmin.fields.settlementCycle", dataIndex: "settlement_cycle_days" },
    { key: "feeCoins", titleKey: "vendorAdmin.fields.feeRateCoins", text: (r) => r.fee_rate_coins.toFixed(2) },
    { key: "feeNoCoins", titleKey: "vendorAdmin.fields.feeRateNoCoins", text: (r) => r.fee_rate_no_coins.toFixed(2) },
    { key: "coin", titleKey: "vendorAdmin.fields.coinDenomination", text: (r) => money(r.coin_denomination, r) },
    {
      key: "payment",
      titleKey: "vendorAdmin.fields.paymentMethods",
      text: (r) => r.payment_methods.map(paymentMethodLabel).join(", "),
      ellipsis: true,
    },
    {
      key: "maxBalance",
      titleKey: "vendorAdmin.fields.maxBalance",
      text: (r) => money(r.max_balance, r),
      render: (r) => <Tooltip title={i18next.t("vendorAdmin.balancesHint")}>{money(r.max_balance, r)}</Tooltip>,
    },
    {
      key: "withdrawable",
      titleKey: "vendorAdmin.fields.withdrawableBalance",
      text: (r) => money(r.withdrawable_balance, r),
      render: (r) => (
        <Tooltip title={i18next.t("vendorAdmin.balancesHint")}>{money(r.withdrawable_balance, r)}</Tooltip>
      ),
    },
    {
      key: "dependents",
      titleKey: "vendorAdmin.fields.dependents",
      text: (r) => `${r.account_count} / ${r.device_count}`,
    },
    { key: "created", titleKey: "vendorAdmin.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

/** /groups/vendors: the group's merchants with every vendor field; levels 6 and 7 manage them. */
export default function VendorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();

  const blockedText = (row: VendorAdminItem) =>
    t("vendorAdmin.removeBlocked", { name: row.name, accounts: row.account_count, devices: row.device_count });
  const remove = useRemoveAction(API.vendorAdmin.remove, {
    labelKey: "vendorAdmin.remove",
    testId: "vendor-remove",
    body: (row: VendorAdminItem) => ({ vendor_id: row.vendor_id }),
    confirm: (row) => ({
      title: t("vendorAdmin.removeTitle", { name: row.name }),
      content: row.account_count > 0 || row.device_count > 0 ? blockedText(row) : t("vendorAdmin.removeBody"),
    }),
    onError: (error, row) => {
      if (error instanceof ApiError && error.code === "HAS_DEPENDENTS") {
        toastError(new ApiError("HAS_DEPENDENTS_DETAIL", blockedText(row), 409));
        // The counts shown were stale: the list and the top bar's vendors follow what the server holds.
        void applyChange(queryClient, { contract: API.vendorAdmin.remove, result: undefined });
      } else toastError(error);
    },
  });

  return (
    <ListScreen
      testId="vendors-page"
      contract={API.vendorAdmin.list}
      filters={{
        fields: [
          {
            name: "keyword",
            labelKey: "vendorAdmin.keyword",
            input: <Input allowClear maxLength={64} placeholder={t("vendorAdmin.keywordPlaceholder")} />,
          },
        ],
        toFilters: (values: Filters) => presentFilters(values),
        testId: "vendor-filters",
      }}
      columns={vendorColumns(timeZone)}
      dialog={(vendor, close) => <VendorDialog vendor={vendor} onClose={close} />}
      add={{ labelKey: "vendorAdmin.add", testId: "vendor-add" }}
      edit={{ labelKey: "vendorAdmin.edit", testId: "vendor-edit" }}
      rowActions={[remove]}
      table={{ testId: "vendors-table", emptyText: t("vendorAdmin.empty"), rowKey: (row) => row.vendor_id }}
    />
  );
}
