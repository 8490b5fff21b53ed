import { formatTimestamp, type MemberItem, type MovementItem } from "@washboard/shared";
import { Tag, Typography } from "antd";
import { i18next } from "../../app/i18n";
import type { MoneyDisplay } from "../../app/session/useMoneyDisplay";
import type { DataColumn } from "../../app/ui/data-table/types";
import { money } from "../devices/labels";

const t = (key: string) => i18next.t(key);

/** Spec §3 Member: contact, balances in the vendor's currency, where and when registered. */
export function memberColumns(timeZone: string, display: MoneyDisplay): DataColumn<MemberItem>[] {
  return [
    {
      key: "phone",
      titleKey: "members.fields.phone",
      text: (m) => m.phone,
      render: (m) => <Typography.Text data-testid="member-phone">{m.phone}</Typography.Text>,
    },
    { key: "name", titleKey: "members.fields.name", dataIndex: "name" },
    {
      key: "balance",
      titleKey: "members.fields.balance",
      text: (m) => money(m.balance, { ...display, currency: m.currency }),
      render: (m) => <span data-testid="member-balance">{money(m.balance, { ...display, currency: m.currency })}</span>,
    },
    {
      key: "reward",
      titleKey: "members.fields.reward",
      text: (m) => money(m.reward, { ...display, currency: m.currency }),
    },
    { key: "cards", titleKey: "members.fields.cards", text: (m) => String(m.cards) },
    { key: "shop", titleKey: "members.fields.shop", text: (m) => m.shop_name ?? "" },
    {
      key: "status",
      titleKey: "members.fields.status",
      text: (m) => t(`members.status.${m.status}`),
      render: (m) => <Tag color={m.status === "active" ? "green" : "default"}>{t(`members.status.${m.status}`)}</Tag>,
    },
    { key: "birthday", titleKey: "members.fields.birthday", text: (m) => m.birthday ?? "" },
    {
      key: "origin",
      titleKey: "members.fields.origin",
      text: (m) => t(m.staff_created ? "members.origin.staff" : "members.origin.app"),
    },
    {
      key: "registered",
      titleKey: "members.fields.registeredAt",
      text: (m) => formatTimestamp(m.registered_at, timeZone),
    },
  ];
}

/** The ledger's rows: what moved, in which account, the balance after it, who and why. */
export function movementColumns(timeZone: string, display: MoneyDisplay): DataColumn<MovementItem>[] {
  return [
    { key: "time", titleKey: "members.movement.time", text: (m) => formatTimestamp(m.created_at, timeZone) },
    { key: "purse", titleKey: "members.movement.purse", text: (m) => t(`members.purse.${m.purse}`) },
    { key: "kind", titleKey: "members.movement.kind", text: (m) => t(`members.kind.${m.kind}`) },
    {
      key: "amount",
      titleKey: "members.movement.amount",
      text: (m) => `${m.amount > 0 ? "+" : ""}${money(m.amount, display)}`,
      render: (m) => (
        <Typography.Text type={m.amount < 0 ? "danger" : "success"} data-testid="movement-amount">
          {`${m.amount > 0 ? "+" : ""}${money(m.amount, display)}`}
        </Typography.Text>
      ),
    },
    { key: "after", titleKey: "members.movement.balanceAfter", text: (m) => money(m.balance_after, display) },
    { key: "reason", titleKey: "members.movement.reason", dataIndex: "reason" },
    { key: "card", titleKey: "members.movement.card", text: (m) => m.card_number ?? "" },
    { key: "order", titleKey: "members.movement.order", text: (m) => m.order_no ?? "" },
    {
      key: "operator",
      titleKey: "members.movement.operator",
      text: (m) => m.operator ?? t("members.movement.customer"),
    },
  ];
}
