import { useQuery } from "@tanstack/react-query";
import { API, formatTimestamp, type MemberPassItem } from "@washboard/shared";
import { Button, Empty, Space, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { GivePassDialog } from "./GivePassDialog";
import { passWorth } from "./pass-labels";

const STATE_COLOR: Record<MemberPassItem["state"], string> = { valid: "green", used: "default", expired: "default" };

/** A member's discount and wash-dry cards (spec §3), and giving one from a running promotion. */
export function MemberPassesTab(props: { member: { id: number; name: string; phone: string; currency: string } }) {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const activeVendorId = useActiveVendorId();
  const [giving, setGiving] = useState(false);
  const body = { member_id: props.member.id };
  const passes = useQuery({
    queryKey: queryKeys.call(API.members.memberPasses, activeVendorId, body),
    queryFn: () => call(API.members.memberPasses, body),
  });
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      {can("mem_give_discounts") && (
        <Button onClick={() => setGiving(true)} data-testid="give-pass">
          {t("members.passes.give")}
        </Button>
      )}
      <Table<MemberPassItem>
        size="small"
        rowKey="id"
        loading={passes.isLoading}
        pagination={false}
        scroll={{ x: true }}
        dataSource={passes.data?.items ?? []}
        locale={{ emptyText: <Empty description={t("members.drawer.noPasses")} /> }}
        columns={[
          {
            key: "card",
            title: t("members.passes.card"),
            render: (_v, p) => `${t(`members.passes.kind.${p.kind}`)} · ${p.name}`,
          },
          { key: "worth", title: t("members.passes.worth"), render: (_v, p) => passWorth(p, t) },
          {
            key: "state",
            title: t("members.fields.status"),
            render: (_v, p) => <Tag color={STATE_COLOR[p.state]}>{t(`members.passes.state.${p.state}`)}</Tag>,
          },
          {
            key: "expires",
            title: t("members.passes.expires"),
            render: (_v, p) =>
              p.expires_at === null ? t("members.passes.untilUsed") : formatTimestamp(p.expires_at, timeZone),
          },
        ]}
        data-testid="member-passes"
      />
      {giving && (
        <GivePassDialog
          memberId={props.member.id}
          memberName={props.member.name || props.member.phone}
          currency={props.member.currency}
          offers={passes.data?.offers ?? []}
          onClose={() => setGiving(false)}
          onGiven={() => void passes.refetch()}
        />
      )}
    </Space>
  );
}
