import { API, formatMoney, formatTimestamp, type NameSort, type PriceTemplateItem } from "@washboard/shared";
import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { ListScreen } from "../../app/ui/ListScreen";
import { useCapUsage } from "../../app/ui/useCapUsage";
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

  return (
    <ListScreen
      testId="price-templates"
      contract={API.priceTemplates.list}
      filters={{
        fields: filterFields(),
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "price-filters",
      }}
      columns={columns(currency, info?.hide_symbol === "1", timeZone)}
      dialog={(template, close) => <PriceTemplateDialog template={template} currency={currency} onClose={close} />}
      add={{
        labelKey: "priceTemplates.add",
        testId: "price-add",
        allowed: canChange,
        cap: {
          usage,
          fullKey: "errors.PRICE_TEMPLATE_LIMIT",
          usageKey: "priceTemplates.usage",
          usageTestId: "price-usage",
        },
      }}
      edit={{ labelKey: "priceTemplates.editAction", testId: "price-edit", allowed: canChange }}
      rowActions={[remove]}
      table={{ testId: "price-table", emptyText: t("priceTemplates.empty") }}
    />
  );
}
