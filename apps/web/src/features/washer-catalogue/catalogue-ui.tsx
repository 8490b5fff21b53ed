import { CATALOGUE_ORIGINS, type EndpointContract, type NameSort } from "@washboard/shared";
import { Select, Tag } from "antd";
import type { z } from "zod";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import type { RowAction } from "../../app/ui/data-table/row-actions";
import { sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";

export type CatalogueOrigin = (typeof CATALOGUE_ORIGINS)[number];

/** The filters every catalogue tab has besides its own: where rows come from, and the order. */
export interface CommonFilters {
  origin?: CatalogueOrigin;
  sort?: NameSort;
}

export function commonFilterFields(): FilterField[] {
  const t = i18next.t;
  return [
    {
      name: "origin",
      labelKey: "washerCatalogue.origin.label",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={CATALOGUE_ORIGINS.map((value) => ({ value, label: t(`washerCatalogue.origin.${value}`) }))}
        />
      ),
    },
    sortFilterField(),
  ];
}

function originLabel(editable: boolean): string {
  return i18next.t(editable ? "washerCatalogue.origin.own" : "washerCatalogue.origin.starter");
}

/** The source column: starter rows are read-only, own rows editable. */
export function originColumn<Row extends { editable: boolean }>(): DataColumn<Row> {
  return {
    key: "origin",
    titleKey: "washerCatalogue.origin.label",
    text: (r) => originLabel(r.editable),
    render: (r) => <Tag color={r.editable ? "blue" : "default"}>{originLabel(r.editable)}</Tag>,
  };
}

/**
 * Edit and remove for the vendor's own rows, when the account holds dev_control; starter rows
 * and read-only accounts get no buttons (the server refuses them anyway).
 */
export function useCatalogueActions<Row extends { editable: boolean }, C extends EndpointContract>(
  testId: string,
  remove: { contract: C; body: (row: Row) => z.input<C["body"]>; confirmTitle: (row: Row) => string },
): { edit: Omit<RowAction<Row>, "onClick">; remove: RowAction<Row> } {
  const allowed = useCan()("dev_control");
  const starter = (row: Row) => !row.editable;
  const removeAction = useRemoveAction(remove.contract, {
    labelKey: "washerCatalogue.removeAction",
    testId: `${testId}-remove`,
    allowed,
    hidden: starter,
    body: remove.body,
    confirm: (row) => ({ title: remove.confirmTitle(row) }),
  });
  return {
    edit: { labelKey: "washerCatalogue.editAction", testId: `${testId}-edit`, allowed, hidden: starter },
    remove: removeAction,
  };
}
