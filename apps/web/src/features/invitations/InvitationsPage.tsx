import {
  API,
  COUPON_STATUSES,
  type CouponStatus,
  countCell,
  formatTimestamp,
  INVITE_PATH,
  type InviteLinkItem,
} from "@washboard/shared";
import { Input, Progress, Select, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { CopyableText } from "../../app/ui/CopyableText";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { RowAction } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { lastValidSecond, STATUS_COLOR } from "../coupons/labels";
import { InvitationDialog } from "./InvitationDialog";
import { PosterDialog } from "./PosterDialog";

interface Filters {
  code?: string;
  status?: CouponStatus;
}

function filterFields(): FilterField[] {
  const t = i18next.t;
  return [
    {
      name: "code",
      labelKey: "invitations.fields.code",
      input: <Input allowClear maxLength={16} data-testid="invitation-filter-code" />,
    },
    {
      name: "status",
      labelKey: "invitations.fields.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={COUPON_STATUSES.map((status) => ({ value: status, label: t(`invitations.status.${status}`) }))}
          data-testid="invitation-filter-status"
        />
      ),
    },
  ];
}

function columns(timeZone: string): DataColumn<InviteLinkItem>[] {
  const t = i18next.t;
  const received = (r: InviteLinkItem) => t("invitations.receivedOf", { received: r.received, quantity: r.quantity });
  return [
    { key: "code", titleKey: "invitations.fields.code", dataIndex: "code" },
    {
      key: "status",
      titleKey: "invitations.fields.status",
      priority: "key",
      text: (r) => t(`invitations.status.${r.status}`),
      render: (r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid="invitation-status">
          {t(`invitations.status.${r.status}`)}
        </Tag>
      ),
    },
    {
      key: "link",
      titleKey: "invitations.fields.link",
      text: (r) => r.link,
      // The code says the rest: the whole link is copied, and shown on hover.
      render: (r) => <CopyableText text={r.link} shown={`…${INVITE_PATH}${r.code}`} />,
    },
    { key: "coupon", titleKey: "invitations.fields.coupon", text: (r) => `${r.coupon_code} · ${r.coupon_name}` },
    {
      key: "received",
      titleKey: "invitations.fields.received",
      text: received,
      cell: (r) => countCell(r.received),
      render: (r) => (
        <div style={{ minWidth: 120 }}>
          {received(r)}
          <Progress percent={Math.round((r.received / Math.max(r.quantity, 1)) * 100)} size="small" showInfo={false} />
        </div>
      ),
    },
    {
      key: "validDays",
      titleKey: "invitations.fields.validDays",
      priority: "minor",
      text: (r) => String(r.valid_days),
      cell: (r) => countCell(r.valid_days),
    },
    {
      key: "expires",
      titleKey: "invitations.fields.expires",
      text: (r) => formatTimestamp(lastValidSecond(r.expires_at), timeZone),
    },
    {
      key: "phone",
      titleKey: "invitations.fields.received",
      priority: "phone",
      text: (r) => `${received(r)} · ${formatTimestamp(lastValidSecond(r.expires_at), timeZone).slice(0, 10)}`,
    },
    {
      key: "created",
      titleKey: "invitations.fields.createdAt",
      priority: "minor",
      text: (r) => formatTimestamp(r.created_at, timeZone),
    },
  ];
}

/**
 * /promotion/invitations (mem_query): the vendor's invitation links — code, copyable link, coupon,
 * quantity and received, validity and expiry, state — each with its poster; created and removed
 * with mem_give_discounts.
 */
export default function InvitationsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const mayGive = can("mem_give_discounts");
  const [poster, setPoster] = useState<InviteLinkItem | null>(null);

  const remove = useRemoveAction(API.members.inviteLinkRemove, {
    labelKey: "invitations.removeAction",
    testId: "invitation-remove",
    allowed: mayGive,
    body: (row: InviteLinkItem) => ({ id: row.id }),
    confirm: (row) => ({
      title: t("invitations.confirmRemove", { code: row.code }),
      content: t("invitations.removeHint"),
    }),
  });
  const showPoster: RowAction<InviteLinkItem> = {
    labelKey: "invitations.poster.action",
    testId: "invitation-poster",
    onClick: setPoster,
  };

  return (
    <ListScreen
      testId="invitations-page"
      contract={API.members.inviteLinks}
      filters={{
        fields: filterFields(),
        toFilters: (values: Filters) => presentFilters(values),
        testId: "invitation-filters",
      }}
      columns={columns(timeZone)}
      dialog={(_record, close) => <InvitationDialog onClose={close} />}
      add={{ labelKey: "invitations.add", testId: "invitation-add", allowed: mayGive }}
      rowActions={[showPoster, remove]}
      table={{
        testId: "invitation-table",
        emptyText: (filters) => t(Object.keys(filters).length > 0 ? "table.empty" : "invitations.empty"),
      }}
    >
      {poster && <PosterDialog link={poster} onClose={() => setPoster(null)} />}
    </ListScreen>
  );
}
