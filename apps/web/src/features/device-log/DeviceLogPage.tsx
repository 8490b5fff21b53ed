import { API } from "@washboard/shared";
import { Card } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { deviceLogColumns } from "./columns";
import { type DeviceLogFilterForm, type DeviceLogFilters, deviceLogFilterFields, toDeviceLogFilters } from "./filters";

/** /log/log_dev: every event the vendor's machines reported, newest first, filtered, paged and exportable. */
export default function DeviceLogPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const [filters, setFilters] = useState<DeviceLogFilters>({});
  // Built on every render, so labels follow the language, times the vendor's zone, money its currency.
  const columns = deviceLogColumns(timeZone, display);
  const fields = deviceLogFilterFields(timeZone, { devices: can("dev_query"), shops: can("shop_query") });

  return (
    <Card data-testid="device-log">
      <FilterBar<DeviceLogFilterForm>
        fields={fields}
        onSearch={(values) => setFilters(toDeviceLogFilters(values, timeZone))}
        testId="device-log-filters"
      />
      <DataTable
        contract={API.devices.log}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.log_dev")}
        emptyText={Object.keys(filters).length > 0 ? t("table.empty") : t("deviceLog.empty")}
        testId="device-log-table"
      />
    </Card>
  );
}
