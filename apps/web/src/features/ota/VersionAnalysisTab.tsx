import { useQuery } from "@tanstack/react-query";
import { API, machineTypeLabelKey, type VersionShare } from "@washboard/shared";
import { Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId } from "../../app/session/store";
import { BarChart } from "../../app/ui/charts/BarChart";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { ReportTable } from "../../app/ui/data-table/ReportTable";
import { countColumn, type ReportColumn } from "../../app/ui/data-table/report-columns";
import { ShopSelect } from "../device-log/filters";
import { versionChart } from "./version-chart";

/**
 * Which firmware versions the vendor's machines run (spec §7 "version analysis"): a bar per machine
 * type, stacked by version, and the table of the same counts with how many machines are online.
 */
export function VersionAnalysisTab() {
  const { t } = useTranslation();
  const vendorId = useActiveVendorId();
  const [filter, setFilter] = useState<{ shop_id?: number }>({});
  const answer = useQuery({
    queryKey: queryKeys.call(API.ota.versionAnalysis, vendorId, filter),
    queryFn: () => call(API.ota.versionAnalysis, filter),
  });
  const rows = answer.data?.items ?? [];
  const typeName = (type: string) => t(machineTypeLabelKey(type), { defaultValue: type });
  const versionName = (firmware: string) => firmware || t("ota.versionUnknown");
  const chart = versionChart(rows, typeName, versionName);

  const columns: ReportColumn<VersionShare>[] = [
    {
      key: "type",
      titleKey: "ota.fields.machineType",
      text: (r) => typeName(r.machine_type),
      sortValue: (r) => typeName(r.machine_type),
    },
    {
      key: "version",
      titleKey: "ota.fields.version",
      text: (r) => versionName(r.firmware),
      sortValue: (r) => r.firmware,
    },
    countColumn("devices", "ota.fields.devices", rows, (r) => r.devices),
    countColumn("online", "ota.fields.online", rows, (r) => r.online),
  ];

  return (
    <div data-testid="ota-versions">
      <FilterBar<{ shop_id?: number }>
        fields={[{ name: "shop_id", labelKey: "ota.shop", input: <ShopSelect /> }]}
        onSearch={(values) => setFilter(values.shop_id ? { shop_id: values.shop_id } : {})}
        testId="ota-version-filters"
      />
      <Typography.Paragraph type="secondary">{t("ota.versionsHint")}</Typography.Paragraph>
      {rows.length > 0 && (
        <BarChart
          label={t("ota.versionsChart")}
          testId="ota-version-chart"
          categories={chart.categories}
          series={chart.series}
          format={String}
        />
      )}
      <ReportTable<VersionShare>
        rows={rows}
        columns={columns}
        rowKey={(r) => `${r.machine_type}:${r.firmware}`}
        title={t("ota.tabs.versions")}
        loading={answer.isLoading}
        emptyText={t("ota.versionsEmpty")}
        totals
        testId="ota-version-table"
      />
    </div>
  );
}
