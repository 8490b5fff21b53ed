import { API, type EcardItem, formatTimestamp } from "@washboard/shared";
import { Input } from "antd";
import { useTranslation } from "react-i18next";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ImageThumb } from "../../app/ui/ImageUpload";
import { ListScreen } from "../../app/ui/ListScreen";
import { EcardDialog } from "./EcardDialog";

interface Filters {
  name?: string;
}

/** /brands/ecards: the group's virtual cards, each a name and one image; levels 6 and 7. */
export default function EcardsPage() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();

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
  ];

  return (
    <ListScreen
      testId="ecards"
      contract={API.ecards.list}
      filters={{
        fields: [{ name: "name", labelKey: "ecards.fields.name", input: <Input allowClear maxLength={64} /> }],
        toFilters: (values: Filters) => presentFilters(values),
        testId: "ecard-filters",
      }}
      columns={columns}
      dialog={(card, close) => <EcardDialog card={card} onClose={close} />}
      add={{ labelKey: "ecards.add", testId: "ecard-add" }}
      edit={{ labelKey: "ecards.editAction", testId: "ecard-edit" }}
      rowActions={[remove]}
      table={{ testId: "ecard-table", emptyText: t("ecards.empty") }}
    />
  );
}
