import { API, isGroupLevel } from "@washboard/shared";
import { Card } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { operationLogColumns } from "./columns";
import { type LogFilterForm, type LogFilters, logFilterFields, toLogFilters } from "./filters";

/** /log/log_opts: the tenant's operation log, newest first, filtered, paged and exportable. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const user = useSession();
  const timeZone = useTimeZone();
  const showVendor = user !== null && isGroupLevel(user.level) && user.activeVendorId === null;
  const [filters, setFilters] = useState<LogFilters>({});
  // Built on every render, so labels follow the language and times the active vendor's zone.
  const columns = operationLogColumns(timeZone, showVendor);
  const fields = logFilterFields(timeZone);

  return (
    <Card data-testid="operation-log">
      <FilterBar<LogFilterForm>
        fields={fields}
        onSearch={(values) => setFilters(toLogFilters(values, timeZone))}
        testId="log-filters"
      />
      <DataTable
        contract={API.operationLog.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.log_opts")}
        emptyText={t("operationLog.empty")}
        testId="log-table"
      />
    </Card>
  );
}
