import { CreditCardOutlined, PlusOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type CardItem, type CardListFilters, FIXED_BALANCE_CARD_TYPES } from "@washboard/shared";
import { Button, Card, Space, Statistic } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { useActiveVendorId } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useConfirm } from "../../app/ui/confirm";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { money } from "../devices/labels";
import { BindDialog } from "./BindDialog";
import { EditCardDialog, NewCardDialog } from "./CardDialog";
import { CardMovementsDrawer } from "./CardMovementsDrawer";
import { cardColumns } from "./columns";
import { type CardFilterForm, cardFilterFields, toCardFilters } from "./filters";
import { ReaderPanel } from "./ReaderPanel";
import { TopUpDialog } from "./TopUpDialog";

type Dialog = { kind: "new" } | { kind: "edit" | "bind" | "topUp" | "movements"; card: CardItem } | { kind: "reader" };

/**
 * /user_card/user_card (ucard_query): the vendor's user cards; with ucard_modify, register, bind to a
 * member, unbind (for good, after a confirmation naming card and member), top up, rewrite the
 * balance, switch free, delete — and the card-reader flow.
 */
export default function CardsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const display = useMoneyDisplay();
  const confirm = useConfirm();
  const activeVendorId = useActiveVendorId();
  const [filters, setFilters] = useState<CardListFilters>({});
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const mayModify = can("ucard_modify");
  const totals = useQuery({
    queryKey: queryKeys.call(API.members.cardList, activeVendorId, filters, 1, "totals"),
    queryFn: () => call(API.members.cardList, { ...filters, page_size: 1 }),
    select: (page) => page.totals,
  });
  const unbind = useCallMutation(API.members.cardUnbind, {
    toBody: (card: CardItem) => ({ card_id: card.id, member_id: card.member_id ?? 0 }),
    success: "cards.unbind.done",
  });
  const freeSwitch = useToggleAction<CardItem, typeof API.members.cardModify>(API.members.cardModify, {
    labelKeys: { enable: "cards.free.on", disable: "cards.free.off" },
    testId: "card-free",
    allowed: mayModify,
    hidden: (c) => c.type !== "ordinary" && c.type !== "free",
    isEnabled: (c) => c.type === "free",
    body: (c, enable) => ({ card_id: c.id, type: enable ? ("free" as const) : ("ordinary" as const) }),
    confirm: (c, enabling) => ({
      title: t(enabling ? "cards.free.onTitle" : "cards.free.offTitle", { card: c.card_number }),
      content: t(enabling ? "cards.free.onText" : "cards.free.offText"),
    }),
  });
  const remove = useRemoveAction(API.members.cardRemove, {
    labelKey: "cards.actions.remove",
    testId: "card-remove",
    allowed: mayModify,
    hidden: (c) => c.member_id !== null || c.balance > 0,
    body: (c: CardItem) => ({ card_id: c.id }),
    confirm: (c) => ({ title: t("cards.remove.title", { card: c.card_number }), content: t("cards.remove.text") }),
  });
  const open = (kind: "edit" | "bind" | "topUp" | "movements") => (card: CardItem) => setDialog({ kind, card });
  const columns = [
    ...cardColumns(timeZone, display),
    ...actionsColumn<CardItem>([
      { labelKey: "cards.actions.movements", testId: "card-movements-open", onClick: open("movements") },
      {
        labelKey: "cards.actions.bind",
        testId: "card-bind",
        allowed: mayModify,
        hidden: (c) => c.member_id !== null || c.status !== "active",
        onClick: open("bind"),
      },
      {
        labelKey: "cards.actions.unbind",
        testId: "card-unbind",
        danger: true,
        allowed: mayModify,
        hidden: (c) => c.member_id === null,
        onClick: (c) =>
          void confirm({
            title: t("cards.unbind.title", { card: c.card_number, member: c.member_phone ?? "" }),
            content: t("cards.unbind.text"),
            danger: true,
          }).then((ok) => ok && unbind.mutate(c)),
      },
      {
        labelKey: "cards.actions.topUp",
        testId: "card-top-up",
        allowed: mayModify,
        hidden: (c) => c.status !== "active" || FIXED_BALANCE_CARD_TYPES.includes(c.type),
        onClick: open("topUp"),
      },
      freeSwitch,
      { labelKey: "cards.edit", testId: "card-edit", allowed: mayModify, onClick: open("edit") },
      remove,
    ]),
  ];

  return (
    <Card data-testid="cards-page">
      <FilterBar<CardFilterForm>
        fields={cardFilterFields()}
        onSearch={(values) => setFilters(toCardFilters(values))}
        testId="cards-filters"
      />
      <div style={{ display: "flex", gap: 32, flexWrap: "wrap", margin: "8px 0 16px", alignItems: "flex-end" }}>
        <Statistic title={t("cards.totals.cards")} value={totals.data?.cards ?? 0} loading={totals.isLoading} />
        <Statistic
          title={t("cards.totals.balance")}
          value={money(totals.data?.balance ?? 0, { ...display, currency: totals.data?.currency || display.currency })}
          loading={totals.isLoading}
          data-testid="cards-total-balance"
        />
        <Space style={{ marginLeft: "auto" }} wrap>
          <Button
            icon={<CreditCardOutlined />}
            onClick={() => setDialog({ kind: "reader" })}
            data-testid="card-reader-open"
          >
            {t("cardReader.open")}
          </Button>
          {mayModify && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setDialog({ kind: "new" })}
              data-testid="card-add"
            >
              {t("cards.add")}
            </Button>
          )}
        </Space>
      </div>
      <DataTable
        contract={API.members.cardList}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.user_card")}
        emptyText={Object.keys(filters).length > 0 ? t("table.empty") : t("cards.empty")}
        testId="cards-table"
      />
      {dialog?.kind === "new" && <NewCardDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === "edit" && <EditCardDialog card={dialog.card} onClose={() => setDialog(null)} />}
      {dialog?.kind === "bind" && <BindDialog card={dialog.card} onClose={() => setDialog(null)} />}
      {dialog?.kind === "topUp" && <TopUpDialog card={dialog.card} onClose={() => setDialog(null)} />}
      {dialog?.kind === "movements" && <CardMovementsDrawer card={dialog.card} onClose={() => setDialog(null)} />}
      {dialog?.kind === "reader" && <ReaderPanel canModify={mayModify} onClose={() => setDialog(null)} />}
    </Card>
  );
}
