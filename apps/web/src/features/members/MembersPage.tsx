import { GiftOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type MemberItem, type MemberListFilters, parseMoney } from "@washboard/shared";
import { Button, Card, Space, Statistic, Tooltip } from "antd";
import type { Key } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { toastWarning } from "../../app/feedback/toast";
import { useActiveVendorId, useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { useDialog } from "../../app/ui/useDialog";
import { money } from "../devices/labels";
import { BalanceDialog } from "./BalanceDialog";
import { memberColumns } from "./columns";
import { type MemberFilterForm, memberFilterFields, toMemberFilters } from "./filters";
import { GiveCouponDialog } from "./GiveCouponDialog";
import { MemberDialog } from "./MemberDialog";
import { MemberDrawer } from "./MemberDrawer";
import { TopUpMemberDialog } from "./TopUpMemberDialog";

/**
 * /user_account/user_account (mem_query): the vendor's members, what it holds for them (a liability
 * shown above the list), each member's ledger and cards in a drawer; profiles and balances changed
 * with mem_modify, balances only as ledger movements with a reason.
 */
export default function MembersPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const activeVendorId = useActiveVendorId();
  const alliances = useSession()?.alliances ?? [];
  const [filters, setFilters] = useState<MemberListFilters>({});
  const profile = useDialog<MemberItem>();
  const [adjusting, setAdjusting] = useState<MemberItem | null>(null);
  const [toppingUp, setToppingUp] = useState<MemberItem | null>(null);
  const [viewing, setViewing] = useState<MemberItem | null>(null);
  const [selected, setSelected] = useState<Key[]>([]);
  const [giving, setGiving] = useState(false);
  const totals = useQuery({
    queryKey: queryKeys.call(API.members.list, activeVendorId, filters, 1, "totals"),
    queryFn: () => call(API.members.list, { ...filters, page_size: 1 }),
    select: (page) => page.totals,
  });
  const show = (minor: number) => money(minor, { ...display, currency: totals.data?.currency || display.currency });
  const mayModify = can("mem_modify");
  const columns = [
    ...memberColumns(timeZone, display),
    ...actionsColumn<MemberItem>([
      { labelKey: "members.details", testId: "member-details", onClick: setViewing },
      { labelKey: "members.topUp.action", testId: "member-top-up", allowed: mayModify, onClick: setToppingUp },
      { labelKey: "members.adjust", testId: "member-adjust", allowed: mayModify, onClick: setAdjusting },
      { labelKey: "members.edit", testId: "member-edit", allowed: mayModify, onClick: profile.openEdit },
    ]),
  ];

  return (
    <Card data-testid="members-page">
      <FilterBar<MemberFilterForm>
        fields={memberFilterFields(timeZone, { shops: can("shop_query") }, alliances)}
        onSearch={(values) =>
          setFilters(toMemberFilters(values, timeZone, (text) => parseMoney(text, display.currency)))
        }
        testId="members-filters"
      />
      <div style={{ display: "flex", gap: 32, flexWrap: "wrap", margin: "8px 0 16px", alignItems: "flex-end" }}>
        <Statistic title={t("members.totals.members")} value={totals.data?.members ?? 0} loading={totals.isLoading} />
        <Tooltip title={t("members.totals.hint")}>
          <Statistic
            title={t("members.totals.balance")}
            value={show(totals.data?.balance ?? 0)}
            loading={totals.isLoading}
            data-testid="members-total-balance"
          />
        </Tooltip>
        <Statistic
          title={t("members.totals.reward")}
          value={show(totals.data?.reward ?? 0)}
          loading={totals.isLoading}
        />
        <Space style={{ marginLeft: "auto" }} wrap>
          {can("mem_give_discounts") && (
            <Button
              icon={<GiftOutlined />}
              // Spec §8: giving to nobody says so rather than opening an empty dialog.
              onClick={() => (selected.length === 0 ? toastWarning("validation.noGiftUser") : setGiving(true))}
              data-testid="member-give-coupon"
            >
              {t("members.coupons.give")}
              {selected.length > 0 ? ` (${selected.length})` : ""}
            </Button>
          )}
          {mayModify && (
            <Button type="primary" icon={<PlusOutlined />} onClick={profile.openNew} data-testid="member-add">
              {t("members.add")}
            </Button>
          )}
        </Space>
      </div>
      <DataTable
        contract={API.members.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.user_account")}
        emptyText={Object.keys(filters).length > 0 ? t("table.empty") : t("members.empty")}
        testId="members-table"
        selection={can("mem_give_discounts") ? { keys: selected, onChange: (keys) => setSelected(keys) } : undefined}
      />
      {profile.state && <MemberDialog member={profile.state.record} onClose={profile.close} />}
      {toppingUp && <TopUpMemberDialog member={toppingUp} onClose={() => setToppingUp(null)} />}
      {adjusting && <BalanceDialog member={adjusting} onClose={() => setAdjusting(null)} />}
      {viewing && <MemberDrawer member={viewing} onClose={() => setViewing(null)} />}
      {giving && (
        <GiveCouponDialog
          memberIds={selected.map(Number)}
          onClose={() => setGiving(false)}
          onGiven={() => setSelected([])}
        />
      )}
    </Card>
  );
}
