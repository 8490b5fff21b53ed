import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatMoney, formatTimestamp, type VendorAdminItem } from "@washboard/shared";
import { Button, Card, Input, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../app/api/client";
import { toastError, toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { afterVendorChange, paymentMethodLabel, VendorDialog } from "./VendorDialog";

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
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ vendor: VendorAdminItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: (row: VendorAdminItem) => call(API.vendorAdmin.remove, { vendor_id: row.vendor_id }),
    onSuccess: async (result) => {
      toastSuccess("success.delete");
      await afterVendorChange({ removed: result.vendor_id });
    },
    onError: (error, row) => {
      if (error instanceof ApiError && error.code === "HAS_DEPENDENTS") {
        toastError(
          new ApiError(
            "HAS_DEPENDENTS_DETAIL",
            t("vendorAdmin.removeBlocked", { name: row.name, accounts: row.account_count, devices: row.device_count }),
            409,
          ),
        );
        void afterVendorChange();
      } else toastError(error);
    },
  });

  const askRemove = async (row: VendorAdminItem) => {
    const blocked = row.account_count > 0 || row.device_count > 0;
    const ok = await confirm({
      title: t("vendorAdmin.removeTitle", { name: row.name }),
      content: blocked
        ? t("vendorAdmin.removeBlocked", { name: row.name, accounts: row.account_count, devices: row.device_count })
        : t("vendorAdmin.removeBody"),
      danger: true,
    });
    if (ok) remove.mutate(row);
  };

  const columns: DataColumn<VendorAdminItem>[] = [
    ...vendorColumns(timeZone),
    ...actionsColumn<VendorAdminItem>([
      { labelKey: "vendorAdmin.edit", testId: "vendor-edit", onClick: (row) => setDialog({ vendor: row }) },
      { labelKey: "vendorAdmin.remove", testId: "vendor-remove", danger: true, onClick: (row) => void askRemove(row) },
    ]),
  ];

  return (
    <Card
      data-testid="vendors-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setDialog({ vendor: null })}
          data-testid="vendor-add"
        >
          {t("vendorAdmin.add")}
        </Button>
      }
    >
      <FilterBar<Filters>
        fields={[
          {
            name: "keyword",
            labelKey: "vendorAdmin.keyword",
            input: <Input allowClear maxLength={64} placeholder={t("vendorAdmin.keywordPlaceholder")} />,
          },
        ]}
        onSearch={(values) => setFilters(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {})}
        testId="vendor-filters"
      />
      <DataTable
        contract={API.vendorAdmin.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.vendor_id}
        title={t("routes.vendors")}
        emptyText={t("vendorAdmin.empty")}
        testId="vendors-table"
      />
      {dialog && <VendorDialog vendor={dialog.vendor} onClose={() => setDialog(null)} />}
    </Card>
  );
}
