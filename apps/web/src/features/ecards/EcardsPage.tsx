import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, type EcardItem, formatTimestamp } from "@washboard/shared";
import { Button, Card, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useSession } from "../../app/session/store";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { EcardDialog, refreshEcards } from "./EcardDialog";

interface Filters {
  name?: string;
}

/** /brands/ecards: the group's virtual cards, each a name and one image; levels 6 and 7. */
export default function EcardsPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ card: EcardItem | null } | null>(null);

  const remove = useMutation({
    mutationFn: (row: EcardItem) => call(API.ecard.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshEcards();
    },
  });
  const askRemove = async (row: EcardItem) => {
    if (await confirm({ title: t("ecards.confirmRemove", { name: row.name }), danger: true })) remove.mutate(row);
  };

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
      { labelKey: "ecards.editAction", testId: "ecard-edit", onClick: (row) => setDialog({ card: row }) },
      { labelKey: "ecards.removeAction", testId: "ecard-remove", danger: true, onClick: (row) => void askRemove(row) },
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
        onClick={() => setDialog({ card: null })}
        style={{ marginBottom: 12 }}
        data-testid="ecard-add"
      >
        {t("ecards.add")}
      </Button>
      <DataTable
        contract={API.ecard.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.ecards")}
        emptyText={t("ecards.empty")}
        testId="ecard-table"
      />
      <EcardDialog open={dialog !== null} card={dialog?.card ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
