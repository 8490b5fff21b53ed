import { PlusOutlined } from "@ant-design/icons";
import { API, type DeviceItem, nowSeconds } from "@washboard/shared";
import { Button, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverNowSeconds } from "../../app/api/server-clock";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { ListScreen } from "../../app/ui/ListScreen";
import { useDialog } from "../../app/ui/useDialog";
import { deviceColumns } from "../devices/columns";
import { BindShopDialog } from "./BindShopDialog";
import { ClaimDeviceDialog } from "./ClaimDeviceDialog";
import "../devices/devices.css";

interface WildDeviceFilterForm {
  search?: string;
}

/** The device list's columns a machine outside any shop has: who it is and whether it connects. */
const WILD_COLUMNS = new Set(["device", "machineNumber", "machineType", "online", "firmware", "lastSeen"]);

/**
 * /ydevice/ydevice: the vendor's wild devices, machines that connect but stand in no shop
 * (wd_query to see, dev_control to bind one to a shop, after which it leaves the list), and the
 * claiming of a machine made for no vendor yet, which then joins them.
 */
export default function WildDevicesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const bindDialog = useDialog<DeviceItem>();
  const [claiming, setClaiming] = useState(false);

  return (
    <ListScreen
      testId="wild-devices-page"
      contract={API.devices.wildList}
      filters={{
        fields: [
          {
            name: "search",
            labelKey: "devices.filters.search",
            input: <Input allowClear maxLength={64} placeholder={t("devices.filters.searchPlaceholder")} />,
          },
        ],
        toFilters: (values: WildDeviceFilterForm) => presentFilters(values),
        testId: "wild-device-filters",
      }}
      columns={deviceColumns(timeZone, display, serverNowSeconds() ?? nowSeconds()).filter((c) =>
        WILD_COLUMNS.has(c.key),
      )}
      rowActions={[
        {
          labelKey: "wildDevices.actions.bind",
          testId: "wild-device-bind",
          allowed: can("dev_control"),
          onClick: bindDialog.openEdit,
        },
      ]}
      toolbar={
        can("dev_control") && (
          <Button icon={<PlusOutlined />} onClick={() => setClaiming(true)} data-testid="wild-device-claim">
            {t("devices.claim.title")}
          </Button>
        )
      }
      table={{
        testId: "wild-device-table",
        emptyText: (filters) => (filters.search ? t("table.empty") : t("wildDevices.empty")),
      }}
    >
      {bindDialog.state?.record && <BindShopDialog device={bindDialog.state.record} onClose={bindDialog.close} />}
      {claiming && <ClaimDeviceDialog onClose={() => setClaiming(false)} />}
    </ListScreen>
  );
}
