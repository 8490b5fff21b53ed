import { PlusOutlined } from "@ant-design/icons";
import { API, type EcardItem, formatTimestamp } from "@washboard/shared";
import { Button, Card, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { useDialog } from "../../app/ui/useDialog";
import { EcardDialog } from "./EcardDialog";

interface Filters {
  name?: string;
}

/** /brands/ecards: the group's virtual cards, each a name and one image; levels 6 and 7. */
export default function EcardsPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<EcardItem>();

  const remove = useRemoveAction(API.ecards.remove, {
    labelKey: "ecards.removeAction",
    testId: "ecard-remove",
    body: (row: EcardItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("ecards.confirmRemove", { name: row.name }) }),
  });

  const columns: DataColumn<EcardItem>[] = [
    {
      key: "image",
      titleKey: "ecards.fields.image",
      text: (r) => r.image[0] ?? "",
      render: (r) => <ImageThumb imageKey={r.image[0]} alt={r.name} />,
    },
    { key: "name", titleKey: "ecards.fields.name", dataIndex: "name" },
    { key: "created", titleKey: "ecards.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
    ...actionsColumn<EcardItem>([
      { labelKey: "ecards.editAction", testId: "ecard-edit", onClick: dialog.openEdit },
      remove,
    ]),
  ];

  return (
    <Card data-testid="ecards">
      <FilterBar<Filters>
        fields={[{ name: "name", labelKey: "ecards.fields.name", input: <Input allowClear maxLength={64} /> }]}
        onSearch={(values) => setFilters(values.name?.trim() ? { name: values.name.trim() } : {})}
        testId="ecard-filters"
      />
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={dialog.openNew}
        style={{ marginBottom: 12 }}
        data-testid="ecard-add"
      >
        {t("ecards.add")}
      </Button>
      <DataTable
        contract={API.ecards.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.ecards")}
        emptyText={t("ecards.empty")}
        testId="ecard-table"
      />
      {dialog.state && <EcardDialog card={dialog.state.record} onClose={dialog.close} />}
    </Card>
  );
}
