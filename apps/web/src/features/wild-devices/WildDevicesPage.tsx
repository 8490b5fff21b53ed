import { PlusOutlined } from "@ant-design/icons";
import { API, type BodyOf, type DeviceItem, nowSeconds } from "@washboard/shared";
import { Button, Card, Input, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { serverNowSeconds } from "../../app/api/server-clock";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import { deviceColumns } from "../devices/columns";
import { BindShopDialog } from "./BindShopDialog";
import { ClaimDeviceDialog } from "./ClaimDeviceDialog";
import "../devices/devices.css";

/** The wild list's filters: its call's payload without paging. */
type WildDeviceFilters = Omit<BodyOf<typeof API.devices.wildList>, "cursor" | "page_size">;

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
  const [filters, setFilters] = useState<WildDeviceFilters>({});
  const bindDialog = useDialog<DeviceItem>();
  const [claiming, setClaiming] = useState(false);

  const columns: DataColumn<DeviceItem>[] = [
    ...deviceColumns(timeZone, display, serverNowSeconds() ?? nowSeconds()).filter((c) => WILD_COLUMNS.has(c.key)),
    ...actionsColumn<DeviceItem>([
      {
        labelKey: "wildDevices.actions.bind",
        testId: "wild-device-bind",
        allowed: can("dev_control"),
        onClick: bindDialog.openEdit,
      },
    ]),
  ];

  return (
    <Card data-testid="wild-devices-page">
      <FilterBar<WildDeviceFilterForm>
        fields={[
          {
            name: "search",
            labelKey: "devices.filters.search",
            input: <Input allowClear maxLength={64} placeholder={t("devices.filters.searchPlaceholder")} />,
          },
        ]}
        onSearch={(values) => {
          const search = values.search?.trim();
          setFilters(search ? { search } : {});
        }}
        testId="wild-device-filters"
      />
      {can("dev_control") && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button icon={<PlusOutlined />} onClick={() => setClaiming(true)} data-testid="wild-device-claim">
            {t("devices.claim.title")}
          </Button>
        </Space>
      )}
      <DataTable
        contract={API.devices.wildList}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.ydevice")}
        emptyText={filters.search ? t("table.empty") : t("wildDevices.empty")}
        testId="wild-device-table"
      />
      {bindDialog.state?.record && <BindShopDialog device={bindDialog.state.record} onClose={bindDialog.close} />}
      {claiming && <ClaimDeviceDialog onClose={() => setClaiming(false)} />}
    </Card>
  );
}
