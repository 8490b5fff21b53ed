import { type DeviceLogItem, formatTimestamp } from "@washboard/shared";
import { Tag, Typography } from "antd";
import type { DataColumn } from "../../app/ui/data-table/types";
import { deviceLabel } from "../devices/command-form";
import type { MoneyDisplay } from "../devices/labels";
import { detailsExportText, detailsNotes, detailsText, eventTypeLabel } from "./details-text";

/** When, which machine (name and serial) of which shop, what happened and its particulars. */
export function deviceLogColumns(timeZone: string, display: MoneyDisplay): DataColumn<DeviceLogItem>[] {
  return [
    {
      key: "time",
      titleKey: "operationLog.columns.time",
      text: (row) => formatTimestamp(row.occurred_at, timeZone),
      render: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatTimestamp(row.occurred_at, timeZone)}</span>,
    },
    {
      key: "device",
      titleKey: "devices.fields.device",
      width: 150,
      text: (r) => deviceLabel({ name: r.device_name, serial_number: r.serial_number }),
      render: (r) => (
        <div style={{ display: "flex", flexDirection: "column", minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: r.device_name }} data-testid="device-log-device">
            {r.device_name || r.serial_number}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: r.serial_number }}>
            {r.serial_number}
          </Typography.Text>
        </div>
      ),
    },
    { key: "shop", titleKey: "devices.fields.shop", text: (r) => r.shop_name ?? "" },
    {
      key: "type",
      titleKey: "deviceLog.columns.type",
      text: (r) => eventTypeLabel(r.type),
      // Not the machine's doing but the server's: a message it set aside stands out.
      render: (r) =>
        r.type === "message_refused" ? (
          <Tag color="red" data-testid="device-log-refused">
            {eventTypeLabel(r.type)}
          </Tag>
        ) : (
          eventTypeLabel(r.type)
        ),
    },
    {
      key: "details",
      titleKey: "devices.history.details",
      text: (r) => detailsExportText(r, display, timeZone),
      render: (r) => (
        <div style={{ display: "flex", flexDirection: "column" }}>
          <span>{detailsText(r, display)}</span>
          {detailsNotes(r, timeZone, display).map((note) => (
            <Typography.Text key={note} type="secondary" style={{ fontSize: 12 }} data-testid="device-log-note">
              {note}
            </Typography.Text>
          ))}
        </div>
      ),
    },
  ];
}
