import { API, type CardItem, LAYOUT } from "@washboard/shared";
import { Drawer } from "antd";
import { useTranslation } from "react-i18next";
import { useMoneyDisplay } from "../../app/session/useMoneyDisplay";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { movementColumns } from "../members/columns";

/** A card's ledger: every top-up, payment, refund and rewrite, newest first. */
export function CardMovementsDrawer(props: { card: CardItem; onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const display = { ...useMoneyDisplay(), currency: props.card.currency };
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const title = t("cards.movementsTitle", { card: props.card.card_number });
  return (
    <Drawer open onClose={props.onClose} size={narrow ? "100%" : 880} title={title} destroyOnHidden>
      <DataTable
        contract={API.members.cardMovements}
        filters={{ card_id: props.card.id }}
        columns={movementColumns(timeZone, display).filter((c) => c.key !== "purse" && c.key !== "card")}
        rowKey={(row) => row.id}
        title={title}
        emptyText={t("members.drawer.noMovements")}
        testId="card-movements"
      />
    </Drawer>
  );
}
