import { API, PROMOTION_LIMITS, type PriceWindowItem } from "@washboard/shared";
import { Button, Input, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastSuccess } from "../../app/feedback/toast";
import { type MoneyDisplay, useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { changeText, daysText, hoursText, scopeText } from "./labels";
import { PriceWindowDialog } from "./PriceWindowDialog";
import { ScopeCell, useShopNames } from "./ScopeFields";

interface Filters {
  name?: string;
}

function columns(
  display: MoneyDisplay,
  language: string,
  shopNames: ReadonlyMap<number, string>,
  t: (key: string, values?: Record<string, number>) => string,
): DataColumn<PriceWindowItem>[] {
  return [
    { key: "name", titleKey: "promotions.fields.name", dataIndex: "name" },
    {
      key: "change",
      titleKey: "promotions.windows.change",
      priority: "key",
      text: (r) => changeText(r.change, display),
    },
    { key: "days", titleKey: "promotions.windows.days", text: (r) => daysText(r.days, language) },
    { key: "hours", titleKey: "promotions.windows.hours", text: (r) => hoursText(r) },
    {
      key: "scope",
      titleKey: "promotions.fields.scope",
      text: (r) => scopeText(r, shopNames),
      render: (r) => <ScopeCell scope={r} shopNames={shopNames} />,
    },
    {
      key: "machines",
      titleKey: "promotions.machinesApplied.column",
      width: 150,
      text: (r) => t("promotions.machinesApplied.applied", { applied: r.applied, machines: r.machines }),
      render: (r) => (
        <Tag color={r.applied === r.machines ? "green" : "orange"} data-testid="price-window-applied">
          {t("promotions.machinesApplied.applied", { applied: r.applied, machines: r.machines })}
        </Tag>
      ),
    },
    {
      key: "enabled",
      titleKey: "promotions.windows.enabled",
      text: (r) => t(r.enabled ? "common.enabled" : "common.disabled"),
      render: (r) => (
        <Tag color={r.enabled ? "green" : "default"} data-testid="price-window-state">
          {t(r.enabled ? "common.enabled" : "common.disabled")}
        </Tag>
      ),
    },
  ];
}

/**
 * The vendor's time-of-day prices (dev_query reads them, dev_control changes them): on some
 * weekdays, between two local times, a percentage off the list price or a fixed price.
 */
export function PriceWindowsTab({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation();
  const display = useMoneyDisplay();
  const shopNames = useShopNames();
  const remove = useRemoveAction(API.promotions.removeWindow, {
    labelKey: "promotions.removeAction",
    testId: "price-window-remove",
    allowed: canChange,
    body: (row: PriceWindowItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("promotions.windows.confirmRemove", { name: row.name }) }),
  });

  // Machines that were offline or refused keep their old prices until they are sent them again.
  const push = useCallMutation(API.promotions.pushWindows, {
    onSuccess: (result) => toastSuccess("promotions.machinesApplied.sent", { count: result.machines }),
  });

  return (
    <ListScreen
      bare
      testId="price-windows"
      notice={
        <Space wrap align="start" style={{ justifyContent: "space-between", width: "100%" }}>
          <Typography.Paragraph type="secondary" data-testid="price-windows-notice">
            {t("promotions.windows.notice")}
          </Typography.Paragraph>
          {canChange && (
            <Button
              loading={push.isPending}
              onClick={() => push.mutate({ retry: true })}
              data-testid="price-windows-push"
            >
              {t("promotions.machinesApplied.push")}
            </Button>
          )}
        </Space>
      }
      contract={API.promotions.windows}
      filters={{
        fields: [
          {
            name: "name",
            labelKey: "promotions.fields.name",
            input: <Input allowClear maxLength={PROMOTION_LIMITS.name} data-testid="price-window-filter-name" />,
          },
        ],
        toFilters: (values: Filters) => presentFilters(values),
        testId: "price-window-filters",
      }}
      columns={columns(display, i18n.language, shopNames, t)}
      dialog={(window, close) => <PriceWindowDialog window={window} currency={display.currency} onClose={close} />}
      add={{ labelKey: "promotions.windows.add", testId: "price-window-add", allowed: canChange }}
      edit={{ labelKey: "promotions.editAction", testId: "price-window-edit", allowed: canChange }}
      rowActions={[remove]}
      table={{
        testId: "price-window-table",
        emptyText: (filters) => t(filters.name ? "table.empty" : "promotions.windows.empty"),
        title: t("promotions.tabs.windows"),
      }}
    />
  );
}
