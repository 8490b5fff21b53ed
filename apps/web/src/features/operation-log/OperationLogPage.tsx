import { API, isGroupLevel } from "@washboard/shared";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { ListScreen } from "../../app/ui/ListScreen";
import { operationLogColumns } from "./columns";
import { type LogFilterForm, logFilterFields, toLogFilters } from "./filters";

/** /log/log_opts: the tenant's operation log, newest first, filtered, paged and exportable. */
export default function OperationLogPage() {
  const { t } = useTranslation();
  const user = useSession();
  const timeZone = useTimeZone();
  const showVendor = user !== null && isGroupLevel(user.level) && user.activeVendorId === null;

  // Columns and fields are built on every render, so labels follow the language and times the active vendor's zone.
  return (
    <ListScreen
      testId="operation-log"
      contract={API.operationLog.list}
      filters={{
        fields: logFilterFields(timeZone),
        toFilters: (values: LogFilterForm) => toLogFilters(values, timeZone),
        testId: "log-filters",
      }}
      columns={operationLogColumns(timeZone, showVendor)}
      table={{ testId: "log-table", emptyText: t("operationLog.empty") }}
    />
  );
}
