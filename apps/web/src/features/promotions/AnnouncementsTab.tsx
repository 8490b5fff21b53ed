import { ANNOUNCEMENT_LIMITS, type AnnouncementItem, API, PROMOTION_STATES } from "@washboard/shared";
import { Input, Select, Space, Switch, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { RowAction } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { AnnouncementDialog } from "./AnnouncementDialog";
import { animationLabel, type PromotionState, STATE_COLOR, shopsText, skinLabel, stateLabel } from "./labels";
import { useShopNames } from "./ScopeFields";
import { minuteText } from "./zoned-time";

interface Filters {
  title?: string;
  state?: PromotionState;
}

function filterFields(): FilterField[] {
  return [
    {
      name: "title",
      labelKey: "promotions.announcements.fields.title",
      input: <Input allowClear maxLength={ANNOUNCEMENT_LIMITS.title} data-testid="announcement-filter-title" />,
    },
    {
      name: "state",
      labelKey: "promotions.fields.state",
      input: (
        <Select
          allowClear
          placeholder={i18next.t("table.all")}
          options={PROMOTION_STATES.map((state) => ({ value: state, label: stateLabel(state) }))}
          data-testid="announcement-filter-state"
        />
      ),
    },
  ];
}

function columns(
  timeZone: string,
  shopNames: ReadonlyMap<number, string>,
  toggle: RowAction<AnnouncementItem>,
): DataColumn<AnnouncementItem>[] {
  const t = i18next.t;
  const period = (r: AnnouncementItem) => `${minuteText(r.starts_at, timeZone)} – ${minuteText(r.ends_at, timeZone)}`;
  return [
    { key: "title", titleKey: "promotions.announcements.fields.title", dataIndex: "title" },
    {
      key: "state",
      titleKey: "promotions.fields.state",
      priority: "key",
      text: (r) => stateLabel(r.state),
      // The state and its switch side by side; the switch asks first, as the row's other actions do.
      render: (r) => (
        <Space size={8} wrap={false}>
          <Tag color={STATE_COLOR[r.state]} data-testid="announcement-state">
            {stateLabel(r.state)}
          </Tag>
          <Switch
            size="small"
            checked={r.enabled}
            onClick={() => toggle.onClick(r)}
            aria-label={t(r.enabled ? "promotions.disableAction" : "promotions.enableAction")}
            data-testid="announcement-switch"
          />
        </Space>
      ),
    },
    {
      key: "period",
      titleKey: "promotions.fields.period",
      text: period,
      render: (r) => (
        <span style={{ whiteSpace: "nowrap" }}>
          {minuteText(r.starts_at, timeZone)} –<br />
          {minuteText(r.ends_at, timeZone)}
        </span>
      ),
    },
    { key: "scope", titleKey: "promotions.fields.shops", text: (r) => shopsText(r.shop_ids, shopNames) },
    { key: "skin", titleKey: "promotions.announcements.fields.skin", text: (r) => skinLabel(r.skin) },
    {
      key: "animation",
      titleKey: "promotions.announcements.fields.animation",
      priority: "minor",
      text: (r) => animationLabel(r.animation),
    },
  ];
}

/** The vendor's announcements (op_goodnews): filtered by title and state, created, edited, switched, removed. */
export function AnnouncementsTab() {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const shopNames = useShopNames();

  const toggle = useToggleAction(API.promotions.setAnnouncementStatus, {
    labelKeys: { enable: "promotions.enableAction", disable: "promotions.disableAction" },
    testId: "announcement-toggle",
    isEnabled: (row: AnnouncementItem) => row.enabled,
    body: (row, enable) => ({ id: row.id, enabled: enable }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "promotions.announcements.confirmEnable" : "promotions.announcements.confirmDisable", {
        name: row.title,
      }),
    }),
  });
  const remove = useRemoveAction(API.promotions.removeAnnouncement, {
    labelKey: "promotions.removeAction",
    testId: "announcement-remove",
    body: (row: AnnouncementItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("promotions.announcements.confirmRemove", { name: row.title }) }),
  });

  return (
    <ListScreen
      bare
      testId="announcements"
      notice={
        <Typography.Paragraph type="secondary" data-testid="announcements-notice">
          {t("promotions.announcements.notice")}
        </Typography.Paragraph>
      }
      contract={API.promotions.announcements}
      filters={{
        fields: filterFields(),
        toFilters: (values: Filters) => presentFilters(values),
        testId: "announcement-filters",
      }}
      columns={columns(timeZone, shopNames, toggle)}
      dialog={(announcement, close) => (
        <AnnouncementDialog announcement={announcement} timeZone={timeZone} onClose={close} />
      )}
      add={{ labelKey: "promotions.announcements.add", testId: "announcement-add" }}
      edit={{ labelKey: "promotions.editAction", testId: "announcement-edit" }}
      rowActions={[remove]}
      table={{
        testId: "announcement-table",
        emptyText: (filters) => t(filters.title || filters.state ? "table.empty" : "promotions.announcements.empty"),
        title: t("promotions.tabs.announcements"),
      }}
    />
  );
}
