import {
  API,
  COUPON_KINDS,
  COUPON_LIMITS,
  COUPON_STATUSES,
  type CouponDefinitionItem,
  type CouponKind,
  type CouponStatus,
  countCell,
  formatTimestamp,
  type NameSort,
} from "@washboard/shared";
import { Input, Select, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { RowAction } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { CouponDialog } from "./CouponDialog";
import { CouponMailDialog } from "./CouponMailDialog";
import { GiveToMembersDialog } from "./GiveToMembersDialog";
import { couponWorth, kindLabel, STATUS_COLOR } from "./labels";

interface Filters {
  code?: string;
  name?: string;
  kind?: CouponKind;
  status?: CouponStatus;
  sort?: NameSort;
}

const statusLabel = (enabled: boolean) => i18next.t(`coupons.status.${enabled ? "valid" : "invalid"}`);

function filterFields(): FilterField[] {
  const t = i18next.t;
  return [
    {
      name: "code",
      labelKey: "coupons.fields.code",
      input: <Input allowClear maxLength={COUPON_LIMITS.code} data-testid="coupon-filter-code" />,
    },
    {
      name: "name",
      labelKey: "coupons.fields.name",
      input: <Input allowClear maxLength={COUPON_LIMITS.name} data-testid="coupon-filter-name" />,
    },
    {
      name: "kind",
      labelKey: "coupons.fields.kind",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={COUPON_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) }))}
          data-testid="coupon-filter-kind"
        />
      ),
    },
    {
      name: "status",
      labelKey: "coupons.fields.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={COUPON_STATUSES.map((status) => ({ value: status, label: t(`coupons.status.${status}`) }))}
          data-testid="coupon-filter-status"
        />
      ),
    },
    sortFilterField(),
  ];
}

function columns(hideSymbol: boolean, timeZone: string): DataColumn<CouponDefinitionItem>[] {
  const t = i18next.t;
  return [
    {
      key: "code",
      titleKey: "coupons.fields.code",
      dataIndex: "code",
      // A code is typed at the counter as one word: it never breaks across lines on a phone.
      render: (r) => <span style={{ whiteSpace: "nowrap" }}>{r.code}</span>,
    },
    { key: "name", titleKey: "coupons.fields.name", dataIndex: "name", ellipsis: true },
    {
      key: "status",
      titleKey: "coupons.fields.status",
      priority: "key",
      text: (r) => statusLabel(r.enabled),
      render: (r) => (
        <Tag color={STATUS_COLOR[r.enabled ? "valid" : "invalid"]} data-testid="coupon-status">
          {statusLabel(r.enabled)}
        </Tag>
      ),
    },
    { key: "kind", titleKey: "coupons.fields.kind", text: (r) => kindLabel(r.kind) },
    { key: "worth", titleKey: "coupons.fields.worth", text: (r) => couponWorth(r, { hideSymbol }) },
    {
      key: "validDays",
      titleKey: "coupons.fields.validDays",
      text: (r) => String(r.valid_days),
      cell: (r) => countCell(r.valid_days),
    },
    { key: "given", titleKey: "coupons.fields.given", text: (r) => String(r.given), cell: (r) => countCell(r.given) },
    { key: "used", titleKey: "coupons.fields.used", text: (r) => String(r.used), cell: (r) => countCell(r.used) },
    {
      key: "usedWashes",
      titleKey: "coupons.fields.usedWashes",
      priority: "minor",
      text: (r) => String(r.used_washes),
      cell: (r) => countCell(r.used_washes),
    },
    {
      key: "usedDries",
      titleKey: "coupons.fields.usedDries",
      priority: "minor",
      text: (r) => String(r.used_dries),
      cell: (r) => countCell(r.used_dries),
    },
    { key: "held", titleKey: "coupons.fields.held", text: (r) => String(r.held), cell: (r) => countCell(r.held) },
    {
      key: "phone",
      titleKey: "coupons.fields.worth",
      priority: "phone",
      text: (r) =>
        `${couponWorth(r, { hideSymbol })} · ${t("coupons.usage", { washes: r.used_washes, dries: r.used_dries })}`,
    },
    {
      key: "created",
      titleKey: "coupons.fields.createdAt",
      priority: "minor",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

/**
 * /promotion/coupons (mem_query): the vendor's coupon definitions with what became of them; defined,
 * changed, switched on and off, removed and given (to chosen members, to a filter's members, by
 * e-mail) with mem_give_discounts.
 */
export default function CouponsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const display = useMoneyDisplay();
  const timeZone = useTimeZone();
  const mayGive = can("mem_give_discounts");
  const [giving, setGiving] = useState<CouponDefinitionItem | null>(null);
  const [mailing, setMailing] = useState<CouponDefinitionItem | null>(null);

  const toggle = useToggleAction(API.members.couponSetStatus, {
    labelKeys: { enable: "coupons.enable", disable: "coupons.disable" },
    testId: "coupon-toggle",
    allowed: mayGive,
    isEnabled: (row: CouponDefinitionItem) => row.enabled,
    body: (row, enable) => ({ id: row.id, enabled: enable }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "coupons.confirmEnable" : "coupons.confirmDisable", { name: `${row.code} · ${row.name}` }),
    }),
  });
  const remove = useRemoveAction(API.members.couponRemove, {
    labelKey: "coupons.removeAction",
    testId: "coupon-remove",
    allowed: mayGive,
    body: (row: CouponDefinitionItem) => ({ id: row.id }),
    confirm: (row) => ({
      title: t("coupons.confirmRemove", { name: `${row.code} · ${row.name}` }),
      content:
        row.invitations > 0
          ? t("coupons.hasInvitations", { links: row.invitations })
          : row.given > 0
            ? t("coupons.hasHolders", { given: row.given })
            : undefined,
    }),
  });
  const give: RowAction<CouponDefinitionItem> = {
    labelKey: "coupons.give.action",
    testId: "coupon-give",
    allowed: mayGive,
    hidden: (row) => !row.enabled,
    onClick: setGiving,
  };
  const mail: RowAction<CouponDefinitionItem> = {
    labelKey: "coupons.mail.action",
    testId: "coupon-mail",
    allowed: mayGive,
    hidden: (row) => !row.enabled,
    onClick: setMailing,
  };

  return (
    <ListScreen
      testId="coupons-page"
      contract={API.members.couponList}
      filters={{
        fields: filterFields(),
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "coupon-filters",
      }}
      columns={columns(display.hideSymbol, timeZone)}
      dialog={(coupon, close) => <CouponDialog coupon={coupon} currency={display.currency} onClose={close} />}
      add={{ labelKey: "coupons.add", testId: "coupon-add", allowed: mayGive }}
      edit={{ labelKey: "coupons.editAction", testId: "coupon-edit", allowed: mayGive }}
      rowActions={[give, mail, toggle, remove]}
      table={{
        testId: "coupon-table",
        emptyText: (filters) => t(Object.keys(filters).length > 0 ? "table.empty" : "coupons.empty"),
      }}
    >
      {giving && <GiveToMembersDialog coupon={giving} onClose={() => setGiving(null)} />}
      {mailing && <CouponMailDialog coupon={mailing} onClose={() => setMailing(null)} />}
    </ListScreen>
  );
}
