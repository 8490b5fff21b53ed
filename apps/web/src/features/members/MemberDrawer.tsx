import { useQuery } from "@tanstack/react-query";
import { API, formatTimestamp, LAYOUT, type MemberItem, type OrderItem } from "@washboard/shared";
import { Descriptions, Drawer, Empty, Table, Tabs, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId } from "../../app/session/store";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTableFormat } from "../../app/session/useTableFormat";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { money } from "../devices/labels";
import { orderColumns } from "../orders/columns";
import { movementColumns } from "./columns";
import { couponLabel } from "./GiveCouponDialog";
import { MemberPassesTab } from "./MemberPassesTab";

/**
 * One member: profile, cards, the ledger of their balances (every top-up, bonus, payment, refund and
 * adjustment with who and why), coupons, discount and wash-dry cards, and their latest orders.
 */
export function MemberDrawer(props: { member: MemberItem; onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const tableFormat = useTableFormat();
  const display = { ...useMoneyDisplay(), currency: props.member.currency };
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const activeVendorId = useActiveVendorId();
  const body = { member_id: props.member.id };
  const detail = useQuery({
    queryKey: queryKeys.call(API.members.detail, activeVendorId, body),
    queryFn: () => call(API.members.detail, body),
  });
  const held = useQuery({
    queryKey: queryKeys.call(API.members.memberCoupons, activeVendorId, body),
    queryFn: () => call(API.members.memberCoupons, body),
  });
  const member = detail.data?.member ?? props.member;
  const orderCols = orderColumns(tableFormat).filter((c) =>
    ["order_no", "created_at", "amount", "pay_status", "refund_status", "shop", "device"].includes(c.key),
  );

  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 880}
      title={t("members.drawer.title", { member: member.name || member.phone })}
      destroyOnHidden
      data-testid="member-drawer"
    >
      <Descriptions size="small" column={narrow ? 1 : 2} bordered data-testid="member-profile">
        <Descriptions.Item label={t("members.fields.phone")}>{member.phone}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.name")}>{member.name}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.balance")}>
          <span data-testid="member-drawer-balance">{money(member.balance, display)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t("members.fields.reward")}>{money(member.reward, display)}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.email")}>{member.email}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.birthday")}>{member.birthday ?? ""}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.referrerPhone")}>{member.referrer_phone}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.cardExpires")}>{member.card_expires ?? ""}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.shop")}>{member.shop_name ?? ""}</Descriptions.Item>
        <Descriptions.Item label={t("members.fields.registeredAt")}>
          {formatTimestamp(member.registered_at, timeZone)}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          {
            key: "movements",
            label: t("members.drawer.movements"),
            children: (
              <DataTable
                contract={API.members.movements}
                filters={body}
                columns={movementColumns(timeZone, display)}
                rowKey={(row) => row.id}
                title={`${t("members.drawer.movements")} ${member.phone}`}
                emptyText={t("members.drawer.noMovements")}
                testId="member-movements"
              />
            ),
          },
          {
            key: "cards",
            label: t("members.drawer.cards"),
            children: (
              <Table
                size="small"
                rowKey="id"
                loading={detail.isLoading}
                pagination={false}
                dataSource={detail.data?.cards ?? []}
                locale={{ emptyText: <Empty description={t("members.drawer.noCards")} /> }}
                columns={[
                  { key: "number", title: t("cards.fields.cardNumber"), dataIndex: "card_number" },
                  { key: "type", title: t("cards.fields.type"), render: (_v, c) => t(`cards.type.${c.type}`) },
                  {
                    key: "status",
                    title: t("cards.fields.status"),
                    render: (_v, c) => <Tag>{t(`cards.status.${c.status}`)}</Tag>,
                  },
                  { key: "balance", title: t("cards.fields.balance"), render: (_v, c) => money(c.balance, display) },
                ]}
                data-testid="member-cards"
              />
            ),
          },
          {
            key: "coupons",
            label: t("members.drawer.coupons"),
            children: (
              <Table
                size="small"
                rowKey="id"
                loading={held.isLoading}
                pagination={false}
                dataSource={held.data?.items ?? []}
                locale={{ emptyText: <Empty description={t("members.drawer.noCoupons")} /> }}
                columns={[
                  { key: "coupon", title: t("members.coupons.coupon"), render: (_v, c) => couponLabel(c.coupon, t) },
                  {
                    key: "state",
                    title: t("members.fields.status"),
                    // Spec §4: valid, invalid (its coupon switched off), used, expired.
                    render: (_v, c) => <Tag>{t(`coupons.memberStatus.${c.status}`)}</Tag>,
                  },
                  { key: "did", title: t("members.coupons.number"), dataIndex: "unique_did" },
                  {
                    key: "expires",
                    title: t("members.coupons.expires"),
                    // The last second it is valid (it ends at midnight after its last day).
                    render: (_v, c) => formatTimestamp(c.expires_at - 1, timeZone),
                  },
                ]}
                data-testid="member-coupons"
              />
            ),
          },
          {
            key: "passes",
            label: t("members.drawer.passes"),
            children: <MemberPassesTab member={member} />,
          },
          {
            key: "orders",
            label: t("members.drawer.orders"),
            children: (
              <Table<OrderItem>
                size="small"
                rowKey="id"
                loading={detail.isLoading}
                pagination={false}
                scroll={{ x: true }}
                dataSource={detail.data?.recent_orders ?? []}
                locale={{ emptyText: <Empty description={t("members.drawer.noOrders")} /> }}
                columns={orderCols.map((c) => ({
                  key: c.key,
                  title: t(c.titleKey),
                  render: (_v: unknown, o: OrderItem) => (c.render ? c.render(o) : c.text ? c.text(o) : ""),
                }))}
                data-testid="member-orders"
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
