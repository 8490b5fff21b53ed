import { PlusOutlined } from "@ant-design/icons";
import { Button, Card, Space, Typography } from "antd";
import { type Key, type ReactNode, useContext, useState } from "react";
import { useTranslation } from "react-i18next";
import { ViewTitleContext } from "../layout/view-path";
import "./data-table/data-table.css";
import { DataTable, type DataTableProps } from "./data-table/DataTable";
import { FilterBar, type FilterField } from "./data-table/FilterBar";
import { actionsColumn, type RowAction } from "./data-table/row-actions";
import type { DataColumn, ListContract, ListFilters, ListRow } from "./data-table/types";
import type { CapUsage } from "./useCapUsage";
import { useDialog } from "./useDialog";

export interface ListScreenProps<C extends ListContract, Values extends object> {
  /** `data-testid` of the screen. */
  testId?: string;
  /** A tab of a page that has its card: no card of its own. */
  bare?: boolean;
  /** Shown first, above the filters (a read-only notice). */
  notice?: ReactNode;
  /** The list call. */
  contract: C;
  /** The filter bar: its fields, their first values, and the list call's filters from its values. */
  filters: {
    fields: FilterField[];
    initialValues?: Partial<Values>;
    toFilters(values: Values): ListFilters<C>;
    testId: string;
  };
  /** The columns, before the actions column. */
  columns: DataColumn<ListRow<C>>[];
  /**
   * The screen's create/edit dialog, mounted only while open: given the row it edits (null for a new
   * one) and how to close it.
   */
  dialog?: (record: ListRow<C> | null, close: () => void) => ReactNode;
  /**
   * The button that opens the dialog blank; for a capped list, with the usage of its cap beside it
   * ("3 of 5 shops"): once the cap is reached the button is disabled, saying why, and the usage turns red.
   */
  add?: {
    labelKey: string;
    testId: string;
    /** Usually a `can(...)` check; leaving it out means yes. */
    allowed?: boolean;
    cap?: {
      usage: CapUsage | undefined;
      /** i18n key of why nothing more may be added (the server's limit error). */
      fullKey: string;
      /** i18n key of the usage text, taking `count` and `limit`. */
      usageKey: string;
      usageTestId: string;
    };
  };
  /** The row button that opens the dialog on its row: the first of the row's buttons. */
  edit?: Omit<RowAction<ListRow<C>>, "onClick">;
  /** The other row buttons (toggles, remove…), after edit. */
  rowActions?: RowAction<ListRow<C>>[];
  /** More buttons beside add. */
  toolbar?: ReactNode;
  /** What the table's own props say: its test id, its text when empty, its rows' keys (`id` if left out). */
  table: {
    testId: string;
    /** Or, given the filters, e.g. "nothing matches" once any is set and "none yet" before. */
    emptyText: string | ((filters: ListFilters<C>) => string);
    rowKey?: (row: ListRow<C>) => Key;
    /** The export's title; the route's title if left out. */
    title?: string;
    /** Check boxes to choose rows for the toolbar's bulk buttons. */
    selection?: DataTableProps<C>["selection"];
  };
  /** What the screen shows besides (a drawer, another dialog), mounted after the table. */
  children?: ReactNode;
}

const idOf = (row: unknown): Key => (row as { id: Key }).id;

/**
 * The console's one list screen: filters, a toolbar (add, and a capped list's usage), the table with
 * its row buttons, and the create/edit dialog they open. A screen says what it lists and how; this
 * lays it out the same way everywhere:
 *
 *     <ListScreen testId="locations-page" contract={API.locations.list} filters={…} columns={…}
 *       dialog={(record, close) => <LocationDialog location={record} onClose={close} />}
 *       add={{ labelKey: "locations.add", testId: "location-add", allowed: can("loc_add") }}
 *       edit={{ labelKey: "locations.editAction", testId: "location-edit", allowed: can("loc_modify") }}
 *       rowActions={[remove]} table={{ testId: "location-table", emptyText: t("locations.empty") }} />
 */
export function ListScreen<C extends ListContract, Values extends object = Record<string, never>>(
  props: ListScreenProps<C, Values>,
) {
  const { t } = useTranslation();
  // The title of the route the page was opened for (every kept-alive page has one).
  const routeTitle = useContext(ViewTitleContext);
  const { filters: filterBar, add, edit, table } = props;
  // The list shows what the filter bar shows, from the first call.
  const [filters, setFilters] = useState<ListFilters<C>>(() =>
    filterBar.toFilters((filterBar.initialValues ?? {}) as Values),
  );
  const dialog = useDialog<ListRow<C>>();

  const columns: DataColumn<ListRow<C>>[] = [
    ...props.columns,
    ...actionsColumn<ListRow<C>>([
      ...(edit && props.dialog ? [{ ...edit, onClick: dialog.openEdit }] : []),
      ...(props.rowActions ?? []),
    ]),
  ];
  const full = add?.cap?.usage?.full ?? false;
  const addButton = add && add.allowed !== false && props.dialog && (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={dialog.openNew}
      disabled={full}
      title={full && add.cap ? t(add.cap.fullKey) : undefined}
      data-testid={add.testId}
    >
      {t(add.labelKey)}
    </Button>
  );
  const usage = add?.cap?.usage;

  const content = (
    <>
      {props.notice}
      <FilterBar<Values>
        fields={filterBar.fields}
        initialValues={filterBar.initialValues}
        onSearch={(values) => setFilters(filterBar.toFilters(values))}
        testId={filterBar.testId}
      />
      {(addButton || usage || props.toolbar) && (
        <Space className="list-toolbar" wrap>
          {addButton}
          {usage && add?.cap && (
            <Typography.Text type={full ? "danger" : "secondary"} data-testid={add.cap.usageTestId}>
              {t(add.cap.usageKey, { count: usage.count, limit: usage.limit })}
            </Typography.Text>
          )}
          {props.toolbar}
        </Space>
      )}
      <DataTable
        contract={props.contract}
        filters={filters}
        columns={columns}
        rowKey={table.rowKey ?? idOf}
        title={table.title ?? (routeTitle ? t(routeTitle) : "")}
        emptyText={typeof table.emptyText === "string" ? table.emptyText : table.emptyText(filters)}
        testId={table.testId}
        selection={table.selection}
      />
      {dialog.state && props.dialog?.(dialog.state.record, dialog.close)}
      {props.children}
    </>
  );
  return props.bare ? content : <Card data-testid={props.testId}>{content}</Card>;
}
