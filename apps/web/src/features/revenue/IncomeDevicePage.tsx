import { API, type DeviceRevenueRow, machineTypeLabelKey, moneyCell } from "@washboard/shared";
import { Card, DatePicker, Typography } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import { countColumn, type ReportColumn } from "../../app/ui/data-table/report-columns";
import { ShopSelect } from "../device-log/filters";
import { figureColumns, useMoney, useRevenue } from "./figures";
import { todayIn } from "./filters";
import { useRevenueScope } from "./useRevenueScope";

interface DeviceFilterForm {
  month?: Dayjs | null;
  shop_id?: number;
}

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** /income_report/income_device (reve_device, levels 3 and 4): each machine's month — revenue, uses, net per use, idle share. */
export default function IncomeDevicePage() {
  const { t } = useTranslation();
  const money = useMoney();
  const scope = useRevenueScope();
  const thisMonth = todayIn(scope.timeZone).slice(0, 7);
  const [filter, setFilter] = useState<{ month: string; shop_id?: number }>({ month: thisMonth });
  const answer = useRevenue(API.revenue.deviceRevenue, filter);
  const rows = answer.data?.items ?? [];
  // One vendor's machines: one currency. The totals row's net per use is over every machine's uses.
  const currency = rows[0]?.currency ?? "";
  const uses = rows.reduce((n, r) => n + r.orders, 0);
  const net = rows.reduce((n, r) => n + r.net, 0);
  const averagePerUse = uses > 0 ? Math.round(net / uses) : null;

  const columns: ReportColumn<DeviceRevenueRow>[] = [
    { key: "device", titleKey: "revenue.columns.device", dataIndex: "device_name", sortValue: (r) => r.device_name },
    { key: "serial", titleKey: "revenue.columns.serial", dataIndex: "serial_number" },
    {
      key: "type",
      titleKey: "revenue.columns.machineType",
      text: (r) => t(machineTypeLabelKey(r.machine_type)),
      sortValue: (r) => r.machine_type,
    },
    { key: "shop", titleKey: "revenue.columns.shop", text: (r) => r.shop_name ?? t("revenue.noShop") },
    ...figureColumns(rows, money, { ordersTitleKey: "revenue.figures.uses" }),
    {
      key: "average",
      titleKey: "revenue.figures.averagePerUse",
      numeric: true,
      text: (r) => money(r.average_per_use, r.currency),
      cell: (r) => moneyCell(r.average_per_use, r.currency),
      sortValue: (r) => r.average_per_use,
      total: averagePerUse === null ? "" : money(averagePerUse, currency),
      totalCell: averagePerUse === null ? undefined : moneyCell(averagePerUse, currency),
    },
    countColumn("minutes", "revenue.figures.minutes", rows, (r) => r.minutes),
    {
      key: "idle",
      titleKey: "revenue.figures.idleShare",
      numeric: true,
      text: (r) => percent(r.idle_share),
      sortValue: (r) => r.idle_share,
      total: rows.length > 0 ? percent(rows.reduce((n, r) => n + r.idle_share, 0) / rows.length) : "",
    },
  ];

  return (
    <Card data-testid="income-device-page">
      <FilterBar<DeviceFilterForm>
        fields={[
          {
            name: "month",
            labelKey: "revenue.columns.month",
            input: <DatePicker picker="month" allowClear={false} data-testid="revenue-month" />,
          },
          ...(scope.shops ? [{ name: "shop_id", labelKey: "revenue.shop", input: <ShopSelect /> }] : []),
        ]}
        initialValues={{ month: dayjs(`${thisMonth}-01`) }}
        onSearch={(values) =>
          setFilter({
            month: values.month ? values.month.format("YYYY-MM") : thisMonth,
            ...(values.shop_id ? { shop_id: values.shop_id } : {}),
          })
        }
        testId="revenue-filters"
      />
      <Typography.Paragraph type="secondary">{t("revenue.devicePage.hint")}</Typography.Paragraph>
      <ReportTable<DeviceRevenueRow>
        rows={rows}
        columns={columns}
        rowKey={(r) => r.device_id}
        title={t("routes.income_device")}
        loading={answer.isLoading}
        emptyText={t("revenue.empty")}
        totals
        testId="income-device-table"
      />
    </Card>
  );
}
