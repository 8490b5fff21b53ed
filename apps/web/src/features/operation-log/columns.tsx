import { formatTimestamp, type OperationLogItem } from "@washboard/shared";
import { Tag, Tooltip, Typography } from "antd";
import { i18next } from "../../app/i18n";
import type { DataColumn } from "../../app/ui/data-table/types";
import { actionLabel, errorCodeLabel } from "./actions";

const outcomeLabel = (row: OperationLogItem) => i18next.t(`operationLog.outcome.${row.outcome}`);

/** Who did what to which record, when, from where, and how it ended. */
export function operationLogColumns(timeZone: string, showVendor: boolean): DataColumn<OperationLogItem>[] {
  const columns: DataColumn<OperationLogItem>[] = [
    {
      key: "time",
      titleKey: "operationLog.columns.time",
      text: (row) => formatTimestamp(row.created_at, timeZone),
      render: (row) => <span style={{ whiteSpace: "nowrap" }}>{formatTimestamp(row.created_at, timeZone)}</span>,
    },
    { key: "actor", titleKey: "operationLog.columns.actor", dataIndex: "actor" },
    {
      key: "action",
      titleKey: "operationLog.columns.action",
      text: (row) => actionLabel(row.action),
      render: (row) => <Tooltip title={row.action}>{actionLabel(row.action)}</Tooltip>,
    },
    { key: "target", titleKey: "operationLog.columns.target", dataIndex: "target" },
    {
      key: "outcome",
      titleKey: "operationLog.columns.outcome",
      text: outcomeLabel,
      render: (row) => (
        <Tag color={row.outcome === "success" ? "green" : "red"} data-testid="log-outcome">
          {outcomeLabel(row)}
        </Tag>
      ),
    },
    {
      key: "error",
      titleKey: "operationLog.columns.errorCode",
      text: (row) => errorCodeLabel(row.error_code),
      render: (row) =>
        row.error_code ? <Tooltip title={row.error_code}>{errorCodeLabel(row.error_code)}</Tooltip> : null,
    },
    { key: "ip", titleKey: "operationLog.columns.ip", dataIndex: "ip" },
  ];
  if (showVendor) {
    columns.splice(1, 0, {
      key: "vendor",
      titleKey: "operationLog.columns.vendor",
      text: (row) => row.vendor_name ?? i18next.t("operationLog.groupRow"),
      render: (row) =>
        row.vendor_name ?? <Typography.Text type="secondary">{i18next.t("operationLog.groupRow")}</Typography.Text>,
    });
  }
  return columns;
}
