import {
  API,
  countCell,
  formatMoney,
  moneyCell,
  PROMOTION_LIMITS,
  PROMOTION_STATES,
  type PromotionItem,
  type PromotionKind,
} from "@washboard/shared";
import { Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { type MoneyDisplay, useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { kindLabel, type PromotionState, STATE_COLOR, scopeText, settingsSummary, stateLabel } from "./labels";
import { PromotionDialog } from "./PromotionDialog";
import { ScopeCell, useShopNames } from "./ScopeFields";
import { minuteText } from "./zoned-time";

interface Filters {
  name?: string;
  state?: PromotionState;
}

function filterFields(kind: PromotionKind): FilterField[] {
  const t = i18next.t;
  return [
    {
      name: "name",
      labelKey: "promotions.fields.name",
      input: <Input allowClear maxLength={PROMOTION_LIMITS.name} data-testid={`promotion-filter-name-${kind}`} />,
    },
    {
      name: "state",
      labelKey: "promotions.fields.state",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={PROMOTION_STATES.map((state) => ({ value: state, label: stateLabel(state) }))}
          data-testid={`promotion-filter-state-${kind}`}
        />
      ),
    },
  ];
}

function columns(
  display: MoneyDisplay,
  timeZone: string,
  shopNames: ReadonlyMap<number, string>,
): DataColumn<PromotionItem>[] {
  const money = (minor: number) => formatMoney(minor, display.currency, { hideSymbol: display.hideSymbol });
  const period = (r: PromotionItem) => `${minuteText(r.starts_at, timeZone)} – ${minuteText(r.ends_at, timeZone)}`;
  return [
    { key: "name", titleKey: "promotions.fields.name", dataIndex: "name" },
    {
      key: "state",
      titleKey: "promotions.fields.state",
      priority: "key",
      text: (r) => stateLabel(r.state),
      render: (r) => (
        <Tag color={STATE_COLOR[r.state]} data-testid="promotion-state">
          {stateLabel(r.state)}
        </Tag>
      ),
    },
    { key: "settings", titleKey: "promotions.fields.settings", text: (r) => settingsSummary(r.settings, display) },
    { key: "period", titleKey: "promotions.fields.period", text: period },
    {
      key: "scope",
      titleKey: "promotions.fields.scope",
      text: (r) => scopeText(r, shopNames),
      render: (r) => <ScopeCell scope={r} shopNames={shopNames} />,
    },
    {
      key: "applied",
      titleKey: "promotions.fields.appliedCount",
      text: (r) => String(r.applied_count),
      cell: (r) => countCell(r.applied_count),
    },
    {
      key: "cost",
      titleKey: "promotions.fields.cost",
      text: (r) => money(r.cost),
      cell: (r) => moneyCell(r.cost, display.currency),
    },
  ];
}

/** One kind's promotions: filtered by name and state, created, edited, switched on and off, removed. */
export function PromotionKindTab({ kind }: { kind: PromotionKind }) {
  const { t } = useTranslation();
  const display = useMoneyDisplay();
  const timeZone = useTimeZone();
  const shopNames = useShopNames();

  const toggle = useToggleAction(API.promotions.setStatus, {
    labelKeys: { enable: "promotions.enableAction", disable: "promotions.disableAction" },
    testId: "promotion-toggle",
    isEnabled: (row: PromotionItem) => row.enabled,
    body: (row, enable) => ({ id: row.id, enabled: enable }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "promotions.confirmEnable" : "promotions.confirmDisable", { name: row.name }),
    }),
  });
  const remove = useRemoveAction(API.promotions.remove, {
    labelKey: "promotions.removeAction",
    testId: "promotion-remove",
    body: (row: PromotionItem) => ({ id: row.id }),
    confirm: (row) => ({
      title: t("promotions.confirmRemove", { name: row.name }),
      content: t("promotions.removeHint"),
    }),
  });

  return (
    <ListScreen
      bare
      testId={`promotions-${kind}`}
      contract={API.promotions.list}
      filters={{
        fields: filterFields(kind),
        toFilters: (values: Filters) => ({ kind, ...presentFilters(values) }),
        testId: `promotion-filters-${kind}`,
      }}
      columns={columns(display, timeZone, shopNames)}
      dialog={(promotion, close) => (
        <PromotionDialog
          kind={kind}
          promotion={promotion}
          currency={display.currency}
          timeZone={timeZone}
          onClose={close}
        />
      )}
      add={{ labelKey: `promotions.add.${kind}`, testId: `promotion-add-${kind}` }}
      edit={{ labelKey: "promotions.editAction", testId: "promotion-edit" }}
      rowActions={[toggle, remove]}
      table={{
        testId: `promotion-table-${kind}`,
        emptyText: (filters) => t(filters.name || filters.state ? "table.empty" : "promotions.empty"),
        title: kindLabel(kind),
      }}
    />
  );
}
