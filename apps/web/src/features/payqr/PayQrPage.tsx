import { DownloadOutlined } from "@ant-design/icons";
import { API, formatTimestamp, type NameSort, PAYQR_BIND_MODES, type PayQrItem } from "@washboard/shared";
import { Button, Input, Select, Typography } from "antd";
import { type Key, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastWarning } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { downloadQrCards } from "../../app/ui/qr/download";
import { useDialog } from "../../app/ui/useDialog";
import { BindDialog } from "./BindDialog";
import { bindModeLabel, boundToText } from "./labels";
import { PayQrDialog } from "./PayQrDialog";
import { useShopChoices } from "./queries";

interface Filters {
  shop_id?: number;
  bind_mode?: 1 | 2;
  name?: string;
  sort?: NameSort;
}

function payQrColumns(timeZone: string): DataColumn<PayQrItem>[] {
  return [
    { key: "name", titleKey: "payqr.fields.name", dataIndex: "name" },
    { key: "shop", titleKey: "payqr.fields.shop", dataIndex: "shop_name" },
    { key: "bindMode", titleKey: "payqr.fields.bindMode", text: boundToText },
    {
      key: "content",
      titleKey: "payqr.fields.content",
      dataIndex: "content",
      render: (r) => (
        <Typography.Text copyable={{ text: r.content }} style={{ maxWidth: 320 }} ellipsis data-testid="payqr-content">
          {r.content}
        </Typography.Text>
      ),
    },
    { key: "code", titleKey: "payqr.fields.code", dataIndex: "code" },
    { key: "remark", titleKey: "payqr.fields.remark", dataIndex: "remark", ellipsis: true },
    { key: "created", titleKey: "payqr.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

/** /shop/payqr: the vendor's payment QR codes, each downloadable as a printable PNG; levels 3 and 4. */
export default function PayQrPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const shops = useShopChoices();
  const binding = useDialog<PayQrItem>();
  const [selected, setSelected] = useState<{ keys: Key[]; rows: PayQrItem[] }>({ keys: [], rows: [] });
  const [downloading, setDownloading] = useState(false);

  const download = async (items: readonly PayQrItem[]) => {
    setDownloading(true);
    try {
      const cards = items.map((item) => ({
        content: item.content,
        text: { shopName: item.shop_name, codeName: item.name },
      }));
      await downloadQrCards(cards, `${t("routes.payqr")}.zip`);
    } catch {
      // Drawing or encoding failed in this browser (no canvas, content too long for a QR code).
      toastWarning("payqr.downloadFailed");
    } finally {
      setDownloading(false);
    }
  };

  const remove = useRemoveAction(API.payqr.remove, {
    labelKey: "payqr.removeAction",
    testId: "payqr-remove",
    allowed: can("payqr_remove"),
    body: (row: PayQrItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("payqr.confirmRemove", { name: row.name }) }),
    // A removed code leaves the selection to download.
    onSuccess: (row) =>
      setSelected((s) => ({ keys: s.keys.filter((k) => k !== row.id), rows: s.rows.filter((r) => r.id !== row.id) })),
  });

  const filterFields: FilterField[] = [
    {
      name: "shop_id",
      labelKey: "payqr.fields.shop",
      input: (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={i18next.t("table.all")}
          options={shops.data ?? []}
        />
      ),
    },
    {
      name: "bind_mode",
      labelKey: "payqr.fields.bindMode",
      input: (
        <Select
          allowClear
          placeholder={i18next.t("table.all")}
          options={PAYQR_BIND_MODES.map((m) => ({ value: m, label: bindModeLabel(m) }))}
        />
      ),
    },
    { name: "name", labelKey: "payqr.fields.name", input: <Input allowClear maxLength={64} /> },
    sortFilterField(),
  ];

  return (
    <ListScreen
      testId="payqr"
      contract={API.payqr.list}
      filters={{
        fields: filterFields,
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "payqr-filters",
      }}
      columns={payQrColumns(timeZone)}
      dialog={(code, close) => <PayQrDialog code={code} onClose={close} />}
      add={{ labelKey: "payqr.add", testId: "payqr-add", allowed: can("payqr_add") }}
      edit={{ labelKey: "payqr.editAction", testId: "payqr-edit", allowed: can("payqr_modify") }}
      rowActions={[
        {
          labelKey: "payqr.download",
          testId: "payqr-download",
          icon: <DownloadOutlined />,
          loading: downloading,
          onClick: (row) => void download([row]),
        },
        {
          labelKey: "payqr.bindAction",
          testId: "payqr-bind",
          allowed: can("payqr_modify"),
          onClick: binding.openEdit,
        },
        remove,
      ]}
      toolbar={
        <Button
          icon={<DownloadOutlined />}
          disabled={selected.rows.length === 0}
          loading={downloading}
          onClick={() => void download(selected.rows)}
          data-testid="payqr-download-selected"
        >
          {t("payqr.downloadSelected", { count: selected.rows.length })}
        </Button>
      }
      table={{
        testId: "payqr-table",
        emptyText: t("payqr.empty"),
        selection: {
          keys: selected.keys,
          onChange: (keys, rows) => setSelected({ keys, rows: rows.filter((r): r is PayQrItem => r !== undefined) }),
        },
      }}
    >
      {binding.state?.record && <BindDialog code={binding.state.record} onClose={binding.close} />}
    </ListScreen>
  );
}
