import { PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { API, formatMoney, formatTimestamp, type NameSort, type PriceTemplateItem } from "@washboard/shared";
import { Button, Card, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar, type FilterField } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { PriceTemplateDialog } from "./PriceTemplateDialog";
import { refreshPriceTemplates } from "./queries";

interface Filters {
  name?: string;
  sort?: NameSort;
}

function filterFields(): FilterField[] {
  const _t = i18next.t;
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
  const confirm = useConfirm();
  const can = useCan();
  const info = useSession()?.accountInfo?.common_info;
  const currency = info?.currency ?? "USD";
  const timeZone = info?.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ template: PriceTemplateItem | null } | null>(null);
  const canChange = can("dev_control");

  // The vendor's usage of its cap: total and template_limit of an unfiltered one-row page.
  const usage = useQuery({
    queryKey: ["list", API.priceTemplate.list.path, "usage"],
    queryFn: () => call(API.priceTemplate.list, { page_size: 1 }),
  });
  const full = usage.data !== undefined && usage.data.total >= usage.data.template_limit;

  const remove = useMutation({
    mutationFn: (row: PriceTemplateItem) => call(API.priceTemplate.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshPriceTemplates();
    },
  });
  const askRemove = async (row: PriceTemplateItem) => {
    if (await confirm({ title: t("priceTemplates.confirmRemove", { name: row.model_name }), danger: true })) {
      remove.mutate(row);
    }
  };

  const actions = actionsColumn<PriceTemplateItem>([
    {
      labelKey: "priceTemplates.editAction",
      testId: "price-edit",
      allowed: canChange,
      onClick: (row) => setDialog({ template: row }),
    },
    {
      labelKey: "priceTemplates.removeAction",
      testId: "price-remove",
      danger: true,
      allowed: canChange,
      onClick: (row) => void askRemove(row),
    },
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
      <Space style={{ marginBottom: 12 }} wrap>
        {canChange && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ template: null })}
            disabled={full}
            title={full ? t("errors.PRICE_TEMPLATE_LIMIT") : undefined}
            data-testid="price-add"
          >
            {t("priceTemplates.add")}
          </Button>
        )}
        {usage.data && (
          <Typography.Text type={full ? "danger" : "secondary"} data-testid="price-usage">
            {t("priceTemplates.usage", { count: usage.data.total, limit: usage.data.template_limit })}
          </Typography.Text>
        )}
      </Space>
      <DataTable
        contract={API.priceTemplate.list}
        filters={filters}
        columns={[...columns(currency, info?.hide_symbol === "1", timeZone), ...actions]}
        rowKey={(row) => row.id}
        title={t("routes.price_templates")}
        emptyText={t("priceTemplates.empty")}
        testId="price-table"
      />
      <PriceTemplateDialog
        open={dialog !== null}
        template={dialog?.template ?? null}
        currency={currency}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
