import {
  API,
  type FirmwarePackageItem,
  formatFileSize,
  formatTimestamp,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
} from "@washboard/shared";
import { Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { CopyableText } from "../../app/ui/CopyableText";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { PackageDialog } from "./PackageDialog";

interface Filters {
  version?: string;
  machine_type?: MachineType;
}

function packageColumns(timeZone: string): DataColumn<FirmwarePackageItem>[] {
  const t = i18next.t;
  const types = (r: FirmwarePackageItem) => r.machine_types.map((type) => t(machineTypeLabelKey(type)));
  return [
    { key: "version", titleKey: "ota.fields.version", dataIndex: "version" },
    {
      key: "types",
      titleKey: "ota.fields.machineTypes",
      text: (r) => types(r).join(", "),
      render: (r) => types(r).map((label) => <Tag key={label}>{label}</Tag>),
    },
    {
      key: "models",
      titleKey: "ota.fields.models",
      text: (r) => (r.models.length > 0 ? r.models.join(", ") : t("ota.allModels")),
    },
    { key: "devices", titleKey: "ota.fields.devicesOnVersion", text: (r) => String(r.devices_on_version) },
    {
      key: "size",
      titleKey: "ota.fields.size",
      text: (r) => (r.size > 0 ? formatFileSize(r.size, i18next.language) : "—"),
    },
    {
      key: "sha256",
      titleKey: "ota.fields.sha256",
      text: (r) => r.sha256,
      render: (r) => (r.sha256 ? <CopyableText text={r.sha256} shown={`${r.sha256.slice(0, 12)}…`} /> : "—"),
    },
    {
      key: "url",
      titleKey: "ota.fields.downloadUrl",
      text: (r) => (r.file_key ? t("ota.uploadedFile") : r.download_url),
      ellipsis: true,
    },
    { key: "note", titleKey: "ota.fields.note", dataIndex: "note", ellipsis: true },
    { key: "created", titleKey: "ota.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

function filterFields(): FilterField[] {
  const t = i18next.t;
  return [
    { name: "version", labelKey: "ota.fields.version", input: <Input allowClear maxLength={32} /> },
    {
      name: "machine_type",
      labelKey: "ota.fields.machineType",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
        />
      ),
    },
  ];
}

/** The vendor's firmware packages: newest first; ota_add adds, edits and removes. */
export function PackagesTab() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const remove = useRemoveAction(API.ota.removePackage, {
    labelKey: "ota.removeAction",
    testId: "ota-package-remove",
    allowed: can("ota_add"),
    body: (row: FirmwarePackageItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("ota.confirmRemove", { version: row.version }) }),
  });
  return (
    <ListScreen
      bare
      testId="ota-packages"
      contract={API.ota.packages}
      filters={{
        fields: filterFields(),
        toFilters: (values: Filters) => presentFilters(values),
        testId: "ota-package-filters",
      }}
      columns={packageColumns(timeZone)}
      dialog={(item, close) => <PackageDialog item={item} onClose={close} />}
      add={{ labelKey: "ota.add", testId: "ota-package-add", allowed: can("ota_add") }}
      edit={{ labelKey: "ota.editAction", testId: "ota-package-edit", allowed: can("ota_add") }}
      rowActions={[remove]}
      table={{ testId: "ota-package-table", emptyText: t("ota.empty") }}
    />
  );
}
