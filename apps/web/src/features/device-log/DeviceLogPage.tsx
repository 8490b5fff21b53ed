import { API } from "@washboard/shared";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { ListScreen } from "../../app/ui/ListScreen";
import { deviceLogColumns } from "./columns";
import { type DeviceLogFilterForm, deviceLogFilterFields, toDeviceLogFilters } from "./filters";

/** /log/log_dev: every event the vendor's machines reported, newest first, filtered, paged and exportable. */
export default function DeviceLogPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();

  // Built on every render, so labels follow the language, times the vendor's zone, money its currency.
  return (
    <ListScreen
      testId="device-log"
      contract={API.devices.log}
      filters={{
        fields: deviceLogFilterFields(timeZone, { devices: can("dev_query"), shops: can("shop_query") }),
        toFilters: (values: DeviceLogFilterForm) => toDeviceLogFilters(values, timeZone),
        testId: "device-log-filters",
      }}
      columns={deviceLogColumns(timeZone, display)}
      table={{
        testId: "device-log-table",
        emptyText: (filters) => (Object.keys(filters).length > 0 ? t("table.empty") : t("deviceLog.empty")),
      }}
    />
  );
}
