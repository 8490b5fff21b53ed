import {
  API,
  formatTimestamp,
  LAYOUT,
  type ShopChangeAction,
  type ShopChangeItem,
  type ShopItem,
} from "@washboard/shared";
import { Drawer, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { changedBy, changeLines } from "./change-log";
import { useShopOptions } from "./queries";

const ACTION_COLORS: Record<ShopChangeAction, string> = { create: "green", modify: "blue", remove: "red" };

const actionLabel = (action: ShopChangeAction) => i18next.t(`shops.changeLog.actions.${action}`);

function changeColumns(timeZone: string, lines: (item: ShopChangeItem) => string[]): DataColumn<ShopChangeItem>[] {
  return [
    { key: "time", titleKey: "shops.changeLog.time", text: (c) => formatTimestamp(c.created_at, timeZone) },
    {
      key: "action",
      titleKey: "shops.changeLog.action",
      priority: "key",
      text: (c) => actionLabel(c.action),
      render: (c) => <Tag color={ACTION_COLORS[c.action]}>{actionLabel(c.action)}</Tag>,
    },
    { key: "who", titleKey: "shops.changeLog.who", text: changedBy },
    {
      key: "changes",
      titleKey: "shops.changeLog.changes",
      priority: "key",
      width: 380,
      text: (c) => lines(c).join("; "),
      render: (c) => (
        <ul style={{ margin: 0, paddingInlineStart: 16, overflowWrap: "anywhere" }}>
          {lines(c).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];
}

/** A shop's database log (spec §7 "shop db logs"): who changed what and when, newest first. */
export function ShopChangesDrawer(props: { shop: ShopItem; onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const options = useShopOptions();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const title = t("shops.changeLog.title", { name: props.shop.name });
  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 880}
      title={title}
      destroyOnHidden
      data-testid="shop-change-log"
    >
      <DataTable
        contract={API.shops.dbLogs}
        filters={{ shop_id: props.shop.id }}
        columns={changeColumns(timeZone, (item) => changeLines(item, options.data))}
        rowKey={(row) => row.id}
        title={title}
        emptyText={t("shops.changeLog.empty")}
        testId="shop-change-log-table"
      />
    </Drawer>
  );
}
