import { API, formatMoney, formatTimestamp, type NameSort, type PriceTemplateItem } from "@washboard/shared";
import { Card, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { CapUsageBar } from "../../app/ui/CapUsageBar";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar, type FilterField } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { useCapUsage } from "../../app/ui/useCapUsage";
import { useDialog } from "../../app/ui/useDialog";
import { PriceTemplateDialog } from "./PriceTemplateDialog";

interface Filters {
  name?: string;
  sort?: NameSort;
}

function filterFields(): FilterField[] {
  return [
    {
      name: "name",
      labelKey: "priceTemplates.fields.modelName",
      input: <Input allowClear maxLength={64} data-testid="price-filter-name" />,
    },
    sortFilterField(),
  ];
}

function columns(currency: string, hideSymbol: boolean, timeZone: string): DataColumn<PriceTemplateItem>[] {
  const money = (minor: number) => formatMoney(minor, currency, { hideSymbol });
  return [
    {
      key: "icon",
      titleKey: "priceTemplates.fields.icon",
      text: (r) => r.icon[0] ?? "",
      render: (r) => <ImageThumb imageKey={r.icon[0]} alt={r.model_name} />,
    },
    { key: "modelName", titleKey: "priceTemplates.fields.modelName", dataIndex: "model_name" },
    { key: "displayPrice", titleKey: "priceTemplates.fields.displayPrice", text: (r) => money(r.display_price) },
    { key: "price", titleKey: "priceTemplates.fields.price", text: (r) => money(r.price) },
    { key: "minutes", titleKey: "priceTemplates.fields.estimatedMinutes", dataIndex: "estimated_minutes" },
    { key: "options", titleKey: "priceTemplates.fields.optionCount", text: (r) => String(r.options.length) },
    { key: "devices", titleKey: "priceTemplates.fields.deviceCount", dataIndex: "device_count" },
    {
      key: "extraParams",
      titleKey: "priceTemplates.fields.extraParams",
      dataIndex: "extra_params",
      ellipsis: true,
    },
    {
      key: "created",
      titleKey: "priceTemplates.fields.createdAt",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

/** /shop/price_templates: the vendor's price templates (dev_query to read, dev_control to change). */
export default function PriceTemplatesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const info = useSession()?.accountInfo?.common_info;
  const currency = info?.currency ?? "USD";
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<PriceTemplateItem>();
  const canChange = can("dev_control");
  // The vendor's usage of its cap.
  const usage = useCapUsage(API.priceTemplates.list, (page) => ({ count: page.total, limit: page.template_limit }));

  const remove = useRemoveAction(API.priceTemplates.remove, {
    labelKey: "priceTemplates.removeAction",
    testId: "price-remove",
    allowed: canChange,
    body: (row: PriceTemplateItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("priceTemplates.confirmRemove", { name: row.model_name }) }),
  });

  const actions = actionsColumn<PriceTemplateItem>([
    {
      labelKey: "priceTemplates.editAction",
      testId: "price-edit",
      allowed: canChange,
      onClick: dialog.openEdit,
    },
    remove,
  ]);

  return (
    <Card data-testid="price-templates">
      <FilterBar<Filters>
        fields={filterFields()}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({
            ...(values.name?.trim() ? { name: values.name.trim() } : {}),
            ...sortFilter(values.sort),
          })
        }
        testId="price-filters"
      />
      <CapUsageBar
        usage={usage}
        add={{
          labelKey: "priceTemplates.add",
          fullKey: "errors.PRICE_TEMPLATE_LIMIT",
          testId: "price-add",
          allowed: canChange,
          onClick: dialog.openNew,
        }}
        usageKey="priceTemplates.usage"
        usageTestId="price-usage"
      />
      <DataTable
        contract={API.priceTemplates.list}
        filters={filters}
        columns={[...columns(currency, info?.hide_symbol === "1", timeZone), ...actions]}
        rowKey={(row) => row.id}
        title={t("routes.price_templates")}
        emptyText={t("priceTemplates.empty")}
        testId="price-table"
      />
      {dialog.state && (
        <PriceTemplateDialog template={dialog.state.record} currency={currency} onClose={dialog.close} />
      )}
    </Card>
  );
}
