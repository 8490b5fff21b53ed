import { ReloadOutlined } from "@ant-design/icons";
import type { EndpointContract } from "@washboard/shared";
import { Button, Empty, Table, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { type Key, useRef } from "react";
import { useTranslation } from "react-i18next";
import { download } from "../../api/client";
import { errorText } from "../../feedback/toast";
import { activeLanguage } from "../../i18n";
import { ExportMenu } from "./ExportMenu";
import { fetchAllRows } from "./fetch-all";
import { Pager } from "./Pager";
import { cellText, type DataColumn, type ListContract, type ListFilters, type ListRow } from "./types";
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
  const columns: ColumnsType<ListRow<C>> = props.columns.map((column, index) => ({
    key: column.key,
    title: <HeaderText text={t(column.titleKey)} />,
    width: column.width,
    ellipsis: column.ellipsis,
    // The first column (usually the name) stays in view while a wide table scrolls sideways.
    fixed: index === 0 ? "start" : undefined,
    render: (_value: unknown, row: ListRow<C>) => (column.render ? column.render(row) : cellText(column, row)),
  }));
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
            columns={props.columns}
            title={props.title}
            knownTotal={list.total}
            disabled={list.total === 0}
          />
        </div>
      </div>
      <Table<ListRow<C>>
        size="middle"
        columns={columns}
        dataSource={list.items}
        rowKey={props.rowKey}
        loading={list.loading}
        pagination={false}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: empty }}
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

/**
 * A column title on one line: a long one ends in an ellipsis instead of widening its column or
 * wrapping mid-word, and shows in full on hover.
 */
function HeaderText({ text }: { text: string }) {
  return (
    <span className="data-table-header" title={text}>
      {text}
    </span>
  );
}
