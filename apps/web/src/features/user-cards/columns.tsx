import { type CardItem, formatTimestamp } from "@washboard/shared";
import { Tag, Typography } from "antd";
import { i18next } from "../../app/i18n";
import type { MoneyDisplay } from "../../app/session/useMoneyDisplay";
import type { DataColumn } from "../../app/ui/data-table/types";
import { money } from "../devices/labels";

const t = (key: string) => i18next.t(key);
const STATUS_COLOR = { active: "green", disabled: "default", unbound: "orange" } as const;

/** Spec §3 Card: chip and printed number, type, state, balance, owner and use. */
export function cardColumns(timeZone: string, display: MoneyDisplay): DataColumn<CardItem>[] {
  const time = (seconds: number | null) => (seconds === null ? "" : formatTimestamp(seconds, timeZone));
  return [
    {
      key: "card_number",
      titleKey: "cards.fields.cardNumber",
      text: (c) => c.card_number,
      render: (c) => <Typography.Text data-testid="card-number">{c.card_number}</Typography.Text>,
    },
    { key: "uuid", titleKey: "cards.fields.uuid", dataIndex: "uuid" },
    { key: "type", titleKey: "cards.fields.type", text: (c) => t(`cards.type.${c.type}`) },
    {
      key: "status",
      titleKey: "cards.fields.status",
      text: (c) => t(`cards.status.${c.status}`),
      render: (c) => (
        <Tag color={STATUS_COLOR[c.status]} data-testid="card-status">
          {t(`cards.status.${c.status}`)}
        </Tag>
      ),
    },
    {
      key: "balance",
      titleKey: "cards.fields.balance",
      text: (c) => money(c.balance, { ...display, currency: c.currency }),
      render: (c) => <span data-testid="card-balance">{money(c.balance, { ...display, currency: c.currency })}</span>,
    },
    {
      key: "member",
      titleKey: "cards.fields.member",
      text: (c) => [c.member_phone, c.member_name].filter(Boolean).join(" "),
      render: (c) => (
        <span data-testid="card-member">{[c.member_phone, c.member_name].filter(Boolean).join(" · ")}</span>
      ),
    },
    { key: "last_used", titleKey: "cards.fields.lastUsed", text: (c) => time(c.last_used_at) },
    { key: "created", titleKey: "cards.fields.createdAt", text: (c) => time(c.created_at) },
  ];
}
