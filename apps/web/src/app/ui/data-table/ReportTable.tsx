import { exportCellText } from "@washboard/shared";
import { Empty, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { Key } from "react";
import { useTranslation } from "react-i18next";
import { useMoneyDisplay } from "../../session/useMoneyDisplay";
import { ExportMenu } from "./ExportMenu";
import { type ReportColumn, totalsRow } from "./report-columns";
import { cellText } from "./types";

import "./data-table.css";

const PAGE_SIZE = 50;

/**
 * The console's one report table: rows a report call answered in full (a period's figures), sorted
 * by any figure column, with a totals row, and exported — totals included — to Excel, CSV or HTML.
 */
export function ReportTable<Row>(props: {
  rows: Row[];
  columns: ReportColumn<Row>[];
  rowKey: (row: Row) => Key;
  /** The translated report title: the export's sheet title and file name. */
  title: string;
  loading?: boolean;
  emptyText?: string;
  /** Shows the totals row (the first column says "Total"). */
  totals?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { hideSymbol } = useMoneyDisplay();
  const totals = totalsRow(props.columns, t("revenue.total"), { hideSymbol });
  const totalCells = totals.map(exportCellText);
  const columns: ColumnsType<Row> = props.columns.map((column, index) => ({
    key: column.key,
    title: column.title ?? t(column.titleKey),
    width: column.width,
    ellipsis: column.ellipsis,
    align: column.numeric ? "right" : undefined,
    fixed: index === 0 ? "start" : undefined,
    sorter: column.sortValue
      ? (a: Row, b: Row) => {
          const x = column.sortValue?.(a) ?? 0;
          const y = column.sortValue?.(b) ?? 0;
          return typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
        }
      : undefined,
    render: (_value: unknown, row: Row) => (column.render ? column.render(row) : cellText(column, row)),
  }));
  return (
    <div className="data-table" data-testid={props.testId}>
      <div className="data-table-toolbar">
        <Typography.Text data-testid="table-total">{t("table.total", { total: props.rows.length })}</Typography.Text>
        <div className="data-table-actions">
          <ExportMenu
            load={async () => props.rows}
            columns={props.columns}
            title={props.title}
            knownTotal={props.rows.length}
            trailingRows={props.totals && props.rows.length > 0 ? [totals] : []}
            disabled={props.rows.length === 0}
          />
        </div>
      </div>
      <Table<Row>
        size="middle"
        columns={columns}
        dataSource={props.rows}
        rowKey={props.rowKey}
        loading={props.loading}
        scroll={{ x: "max-content" }}
        pagination={props.rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? t("table.empty")} />,
        }}
        summary={
          props.totals && props.rows.length > 0
            ? () => (
                <Table.Summary fixed="bottom">
                  <Table.Summary.Row data-testid="report-totals">
                    {props.columns.map((column, index) => (
                      <Table.Summary.Cell key={column.key} index={index} align={column.numeric ? "right" : undefined}>
                        <Typography.Text strong>{totalCells[index]}</Typography.Text>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
      />
    </div>
  );
}
