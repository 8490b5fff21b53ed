import { DownOutlined, ReloadOutlined, UpOutlined } from "@ant-design/icons";
import type { EndpointContract } from "@washboard/shared";
import { Button, Descriptions, Empty, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type Key, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { download } from "../../api/client";
import { errorText } from "../../feedback/toast";
import { activeLanguage, i18next } from "../../i18n";
import { useMediaQuery, usePhone } from "../useMediaQuery";
import { ExportMenu } from "./ExportMenu";
import { fetchAllRows } from "./fetch-all";
import { Pager } from "./Pager";
import {
  COLUMN_BREAKPOINTS,
  type ColumnPriority,
  cellText,
  type DataColumn,
  type ListContract,
  type ListFilters,
  type ListRow,
} from "./types";
import { useKeysetList } from "./useKeysetList";
import { useScrollRegion } from "./useScrollRegion";
import "./data-table.css";

export interface DataTableProps<C extends ListContract> {
  contract: C;
  filters: ListFilters<C>;
  columns: DataColumn<ListRow<C>>[];
  rowKey: (row: ListRow<C>) => Key;
  /** The translated page title: the export's sheet title and file name. */
  title: string;
  /** Shown when no row matches. */
  emptyText?: string;
  testId?: string;
  /**
   * The list's download call (`contract.download`), taking the list's filters with a format and a
   * language: the server writes the export while it downloads, for lists too long to page through.
   */
  exportCall?: EndpointContract;
  /** Check boxes to choose rows for a bulk action; kept across pages. */
  selection?: {
    keys: Key[];
    onChange(keys: Key[], rows: ListRow<C>[]): void;
  };
}

/**
 * The console's one list table: server-paginated by cursor, with the filtered total, loading and
 * empty states, a refresh, and export of every filtered row to Excel, CSV or HTML.
 */
export function DataTable<C extends ListContract>(props: DataTableProps<C>) {
  const { t } = useTranslation();
  const { exportCall } = props;
  const list = useKeysetList(props.contract, props.filters);
  const container = useRef<HTMLDivElement>(null);
  useScrollRegion(container, props.title);
  const { shown, folded, phone } = useColumnsInReach(props.columns);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const toggleDetails = (key: Key) =>
    setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));
  // A row's details open from a button beside its actions; without actions, from the table's own column.
  const detailsBesideActions = folded.length > 0 && shown.some((column) => column.pinEnd);
  const columns: ColumnsType<ListRow<C>> = shown.map((column, index) => ({
    key: column.key,
    title: <HeaderText text={columnTitle(column)} hidden={phone && column.pinEnd} />,
    width: column.width,
    ellipsis: column.ellipsis,
    // The first column (usually the name) and the actions stay in view while a wide table scrolls sideways.
    fixed: index === 0 ? "start" : column.pinEnd ? "end" : undefined,
    render: (_value: unknown, row: ListRow<C>) => {
      const content = cellContent(column, row);
      if (!(column.pinEnd && detailsBesideActions)) return content;
      const key = props.rowKey(row);
      return (
        <div className="data-table-row-end">
          {content}
          <DetailsToggle open={expanded.includes(key)} onToggle={() => toggleDetails(key)} />
        </div>
      );
    },
  }));
  const exported = props.columns.filter((column) => column.priority !== "phone");
  const empty = list.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={errorText(list.error)}>
      <Button onClick={list.refresh}>{t("common.retry")}</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.emptyText ?? t("table.empty")} />
  );

  return (
    <div className="data-table" data-testid={props.testId} ref={container}>
      <div className="data-table-toolbar">
        <Typography.Text data-testid="table-total">{t("table.total", { total: list.total })}</Typography.Text>
        <div className="data-table-actions">
          <Button
            icon={<ReloadOutlined />}
            aria-label={t("common.refresh")}
            title={t("common.refresh")}
            onClick={list.refresh}
            loading={list.loading}
            data-testid="table-refresh"
          />
          <ExportMenu
            load={(signal, onProgress) => fetchAllRows(props.contract, props.filters, { signal, onProgress })}
            download={
              exportCall &&
              ((format, signal, onBytes) =>
                download(exportCall, { ...props.filters, format, language: activeLanguage() }, { signal, onBytes }))
            }
            columns={exported}
            title={props.title}
            knownTotal={list.total}
            disabled={list.total === 0}
          />
        </div>
      </div>
      <Table<ListRow<C>>
        size={phone ? "small" : "middle"}
        columns={columns}
        dataSource={list.items}
        rowKey={props.rowKey}
        loading={list.loading}
        pagination={false}
        // A phone's few columns share its width (cells wrap); wider screens scroll a wide table sideways.
        scroll={phone ? undefined : { x: "max-content" }}
        locale={{ emptyText: empty }}
        expandable={
          folded.length > 0
            ? {
                expandedRowRender: (row) => <RowDetails columns={folded} row={row} />,
                fixed: "start",
                showExpandColumn: !detailsBesideActions,
                expandedRowKeys: expanded,
                onExpandedRowsChange: setExpanded,
              }
            : undefined
        }
        rowSelection={
          props.selection
            ? {
                selectedRowKeys: props.selection.keys,
                onChange: props.selection.onChange,
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
      />
      <div className="data-table-footer">
        <Pager
          page={list.page}
          pages={list.pages}
          pageSize={list.pageSize}
          hasPrevious={list.hasPrevious}
          hasNext={list.hasNext}
          loading={list.loading}
          onPrevious={list.previous}
          onNext={list.next}
          onPageSize={list.setPageSize}
        />
      </div>
    </div>
  );
}

/** A column's title: its catalogue text, or the text given as data. */
function columnTitle<Row>(column: DataColumn<Row>): string {
  return column.title ?? i18next.t(column.titleKey);
}

function cellContent<Row>(column: DataColumn<Row>, row: Row): ReactNode {
  return column.render ? column.render(row) : cellText(column, row);
}

/**
 * The columns shown as columns at this screen's width, and those folded into each row's details.
 * The first column is always shown; a phone summary only on a phone, and never folded (it repeats
 * what folds).
 */
function useColumnsInReach<Row>(all: DataColumn<Row>[]) {
  const tablet = !usePhone();
  const wide = useMediaQuery(`(min-width: ${COLUMN_BREAKPOINTS.minor}px)`);
  const showsAt: Record<ColumnPriority, boolean> = { key: true, normal: tablet, minor: wide, phone: !tablet };
  const shows = (column: DataColumn<Row>, index: number) => index === 0 || showsAt[column.priority ?? "normal"];
  return {
    shown: all.filter(shows),
    folded: all.filter((column, index) => !shows(column, index) && column.priority !== "phone"),
    phone: !tablet,
  };
}

/** Opens and closes a row's details (its folded columns). */
function DetailsToggle(props: { open: boolean; onToggle(): void }) {
  const { t } = useTranslation();
  const label = t(props.open ? "table.hideDetails" : "table.showDetails");
  return (
    <Button
      size="small"
      type="text"
      icon={props.open ? <UpOutlined /> : <DownOutlined />}
      aria-label={label}
      aria-expanded={props.open}
      title={label}
      onClick={props.onToggle}
      data-testid="row-details-toggle"
    />
  );
}

/** A row's folded columns, as label and value, under the row when it is expanded. */
function RowDetails<Row>(props: { columns: DataColumn<Row>[]; row: Row }) {
  return (
    <Descriptions
      size="small"
      column={1}
      data-testid="row-details"
      items={props.columns.map((column) => ({
        key: column.key,
        label: columnTitle(column),
        children: cellContent(column, props.row),
      }))}
    />
  );
}

/**
 * A column title on one line: a long one ends in an ellipsis instead of widening its column or
 * wrapping mid-word, and shows in full on hover.
 */
function HeaderText({ text, hidden = false }: { text: string; hidden?: boolean | undefined }) {
  return (
    <span className={hidden ? "visually-hidden" : "data-table-header"} title={text}>
      {text}
    </span>
  );
}
