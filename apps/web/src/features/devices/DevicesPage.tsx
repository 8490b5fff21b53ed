import { DownOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type DeviceItem, LIST_PAGE_SIZE, MAX_COMMAND_TARGETS, nowSeconds } from "@washboard/shared";
import { Button, Card, Dropdown, type MenuProps, Typography } from "antd";
import { type Key, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { serverNowSeconds } from "../../app/api/server-clock";
import { useLinkedFilters } from "../../app/layout/useLinkedFilters";
import { useActiveVendorId } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import { useShopOptions } from "../shops/queries";
import { AssignTemplateDialog } from "./AssignTemplateDialog";
import { CommandHistoryDrawer } from "./CommandHistoryDrawer";
import { CommandOutcomes } from "./CommandOutcomes";
import { deviceColumns } from "./columns";
import type { CommandTarget } from "./command-form";
import {
  type DeviceFilterForm,
  type DeviceFilters,
  deviceFilterFields,
  deviceFormOfLink,
  toDeviceFilters,
} from "./filters";
import { MoneyLimitsDialog } from "./MoneyLimitsDialog";
import { ParamsDialog } from "./ParamsDialog";
import { RemoteStartDialog } from "./RemoteStartDialog";
import type { IssuedBatch } from "./useCommandCall";
import { useDeviceActions } from "./useDeviceActions";
import { useDeviceQrDownload } from "./useDeviceQrDownload";
import "./devices.css";

/** The outcome panel follows this many batches; older ones drop off. */
const BATCHES_SHOWN = 5;

/**
 * The devices of the filtered shop, for a command to the whole shop: its count for the
 * confirmation and the names for the outcome panel. Keyed like the table's pages, so the live
 * stream keeps it current too.
 */
function useShopDevices(shopId: number | undefined, enabled: boolean) {
  const activeVendorId = useActiveVendorId();
  const filters = { shop_id: shopId };
  return useQuery({
    queryKey: queryKeys.call(API.devices.list, activeVendorId, filters, LIST_PAGE_SIZE.max, null),
    queryFn: () => call(API.devices.list, { shop_id: shopId, page_size: LIST_PAGE_SIZE.max }),
    enabled: enabled && shopId !== undefined,
  });
}

/** /shop/devices (spec §2, §3 Device, §4 device requests): dev_query to see, dev_control to command. */
export default function DevicesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const canControl = can("dev_control");
  // The money limits: read with dev_query; the dialog lets only the vendor's main account change them.
  const canSeeLimits = can("dev_query");
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const shops = useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
  const linked = useLinkedFilters();
  const linkedForm = deviceFormOfLink(linked.values);
  const [filters, setFilters] = useState<DeviceFilters>(() => toDeviceFilters(linkedForm));
  // A link followed to the list while it is open in its tab filters it anew.
  useEffect(() => {
    if (linked.key) setFilters(toDeviceFilters(deviceFormOfLink(linked.values)));
  }, [linked]);
  const [selected, setSelected] = useState<{ keys: Key[]; rows: DeviceItem[] }>({ keys: [], rows: [] });
  const [batches, setBatches] = useState<IssuedBatch[]>([]);
  const startDialog = useDialog<CommandTarget>();
  const paramsDialog = useDialog<CommandTarget>();
  const templateDialog = useDialog<CommandTarget>();
  const qr = useDeviceQrDownload();
  const history = useDialog<DeviceItem>();
  const limitsDialog = useDialog();
  const outcomesPanel = useRef<HTMLDivElement>(null);

  const onIssued = (batch: IssuedBatch) =>
    setBatches((shown) => [batch, ...shown.filter((b) => b.key !== batch.key)].slice(0, BATCHES_SHOWN));
  const actions = useDeviceActions(onIssued);

  // A new batch brings the panel into view: the operator sees each device's answer arrive.
  const newest = batches[0]?.key;
  useEffect(() => {
    if (newest) outcomesPanel.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [newest]);

  const shopId = filters.shop_id;
  const shopDevices = useShopDevices(shopId, canControl);
  const shopTarget: CommandTarget | null =
    shopId === undefined
      ? null
      : {
          kind: "shop",
          shopId,
          shopName: shops.data?.find((s) => s.value === shopId)?.label ?? `#${shopId}`,
          count: shopDevices.data?.total ?? null,
          devices: shopDevices.data?.items ?? [],
        };
  const selectionTarget: CommandTarget = { kind: "devices", devices: selected.rows };
  const one = (row: DeviceItem): CommandTarget => ({ kind: "devices", devices: [row] });

  /** The commands a target can be given, as menu items. */
  const commandMenu = (target: CommandTarget): MenuProps => ({
    items: [
      { key: "restart", label: t("devices.kinds.restart") },
      { key: "remote_start", label: t("devices.kinds.remote_start") },
      { key: "cashbox_audit", label: t("devices.kinds.cashbox_audit") },
      { key: "cashbox_reset", label: t("devices.kinds.cashbox_reset"), danger: true },
      { key: "set_params", label: t("devices.kinds.set_params") },
      { key: "price_template", label: t("devices.template.title") },
      { key: "qr", label: t("devices.qr.download") },
    ],
    onClick: ({ key }) => {
      if (key === "restart") void actions.restart(target);
      if (key === "remote_start") startDialog.openEdit(target);
      if (key === "cashbox_audit") actions.audit(target);
      if (key === "cashbox_reset") void actions.reset(target);
      if (key === "set_params") paramsDialog.openEdit(target);
      if (key === "price_template") templateDialog.openEdit(target);
      if (key === "qr") void qr.download(target);
    },
  });

  const columns: DataColumn<DeviceItem>[] = [
    ...deviceColumns(timeZone, display, serverNowSeconds() ?? nowSeconds()),
    ...actionsColumn<DeviceItem>([
      {
        labelKey: "devices.actions.restart",
        testId: "device-restart",
        allowed: canControl,
        onClick: (row) => void actions.restart(one(row)),
      },
      {
        labelKey: "devices.actions.start",
        testId: "device-start",
        allowed: canControl,
        onClick: (row) => startDialog.openEdit(one(row)),
      },
      {
        labelKey: "devices.actions.audit",
        testId: "device-audit",
        allowed: canControl,
        onClick: (row) => actions.audit(one(row)),
      },
      {
        labelKey: "devices.actions.reset",
        testId: "device-reset",
        allowed: canControl,
        danger: true,
        onClick: (row) => void actions.reset(one(row)),
      },
      {
        labelKey: "devices.actions.params",
        testId: "device-params",
        allowed: canControl,
        onClick: (row) => paramsDialog.openEdit(one(row)),
      },
      {
        labelKey: "devices.actions.priceTemplate",
        testId: "device-price-template-assign",
        allowed: canControl,
        onClick: (row) => templateDialog.openEdit(one(row)),
      },
      { labelKey: "devices.actions.qr", testId: "device-qr", onClick: (row) => void qr.download(one(row)) },
      { labelKey: "devices.actions.history", testId: "device-history", onClick: history.openEdit },
    ]),
  ];

  const tooMany = selected.rows.length > MAX_COMMAND_TARGETS;
  return (
    <Card data-testid="devices-page">
      <FilterBar<DeviceFilterForm>
        key={linked.key}
        initialValues={linkedForm}
        fields={deviceFilterFields(shops.data ?? [])}
        onSearch={(values) => setFilters(toDeviceFilters(values))}
        testId="device-filters"
      />
      {(canControl || canSeeLimits) && (
        <div className="device-bulk" data-testid="device-bulk">
          {canControl && (
            <>
              <Dropdown
                menu={commandMenu(selectionTarget)}
                disabled={selected.rows.length === 0 || tooMany || actions.pending || qr.pending}
                trigger={["click"]}
              >
                <Button data-testid="device-bulk-selected">
                  {t("devices.bulk.selected", { count: selected.rows.length })} <DownOutlined />
                </Button>
              </Dropdown>
              {selected.keys.length > 0 && (
                <Button type="link" onClick={() => setSelected({ keys: [], rows: [] })} data-testid="device-bulk-clear">
                  {t("devices.bulk.clear")}
                </Button>
              )}
              {tooMany && (
                <Typography.Text type="danger">
                  {t("devices.bulk.tooMany", { max: MAX_COMMAND_TARGETS })}
                </Typography.Text>
              )}
              {shopTarget && (
                <Dropdown
                  menu={commandMenu(shopTarget)}
                  disabled={shopTarget.count === 0 || actions.pending || qr.pending}
                  trigger={["click"]}
                >
                  <Button data-testid="device-bulk-shop">
                    {t("devices.bulk.shop", { shop: shopTarget.shopName })} <DownOutlined />
                  </Button>
                </Dropdown>
              )}
            </>
          )}
          {canSeeLimits && (
            <Button
              icon={<SafetyCertificateOutlined />}
              onClick={limitsDialog.openNew}
              className="device-toolbar-end"
              data-testid="device-money-limits"
            >
              {t("devices.moneyLimits.title")}
            </Button>
          )}
        </div>
      )}
      <CommandOutcomes
        ref={outcomesPanel}
        batches={batches}
        display={display}
        timeZone={timeZone}
        onDismiss={(key) => setBatches((shown) => shown.filter((b) => b.key !== key))}
      />
      <DataTable
        contract={API.devices.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.devices")}
        emptyText={Object.keys(filters).length > 0 ? t("table.empty") : t("devices.empty")}
        testId="device-table"
        selection={
          canControl
            ? {
                keys: selected.keys,
                onChange: (keys, rows) =>
                  setSelected({ keys, rows: rows.filter((r): r is DeviceItem => r !== undefined) }),
              }
            : undefined
        }
      />
      {startDialog.state?.record && (
        <RemoteStartDialog
          target={startDialog.state.record}
          currency={display.currency}
          onIssued={onIssued}
          onClose={startDialog.close}
        />
      )}
      {templateDialog.state?.record && (
        <AssignTemplateDialog
          target={templateDialog.state.record}
          display={display}
          onIssued={onIssued}
          onClose={templateDialog.close}
        />
      )}
      {paramsDialog.state?.record && (
        <ParamsDialog target={paramsDialog.state.record} onIssued={onIssued} onClose={paramsDialog.close} />
      )}
      {limitsDialog.state && <MoneyLimitsDialog display={display} onClose={limitsDialog.close} />}
      {history.state?.record && (
        <CommandHistoryDrawer device={history.state.record} display={display} onClose={history.close} />
      )}
    </Card>
  );
}
