import { MoreOutlined } from "@ant-design/icons";
import { Button, Dropdown, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePhone } from "../useMediaQuery";
import type { DataColumn } from "./types";

/** One action on a row: a small button, or an entry of the row's "more actions" menu. */
export interface RowAction<Row> {
  /** i18n key of the label, like a column's `titleKey`; a function of the row for a toggle (enable/disable). */
  labelKey: string | ((row: Row) => string);
  /** `data-testid` of the button or menu entry (the browser tests select by it). */
  testId: string;
  onClick: (row: Row) => void;
  danger?: boolean;
  /** Whether the account may use it at all, usually a `can(...)` check; leaving it out means yes. */
  allowed?: boolean;
  /** The rows it is not offered on (a starter row, the account's own row). */
  hidden?: (row: Row) => boolean;
  icon?: ReactNode;
  loading?: boolean;
}

/** Up to this many actions show as buttons; with more, the first does and the rest go in a menu. */
const INLINE_ACTIONS = 2;

/** `data-testid` of a row's "more actions" button. */
export const MORE_ACTIONS_TEST_ID = "row-actions-more";

/**
 * Which of a row's actions show as buttons and which go in its menu: all as buttons when there are
 * few, otherwise the first (the primary action) and a menu. On a phone every action is in the menu
 * unless there is only one, so the row's facts keep the width.
 */
export function splitActions<Row>(actions: RowAction<Row>[], phone: boolean) {
  const inline = actions.length <= (phone ? 1 : INLINE_ACTIONS) ? actions : phone ? [] : actions.slice(0, 1);
  return { inline, menu: actions.slice(inline.length) };
}

function RowActionButtons<Row>(props: { row: Row; actions: RowAction<Row>[] }): ReactNode {
  const { t } = useTranslation();
  const phone = usePhone();
  const { row } = props;
  const label = (action: RowAction<Row>) =>
    t(typeof action.labelKey === "string" ? action.labelKey : action.labelKey(row));
  const { inline, menu } = splitActions(
    props.actions.filter((action) => !action.hidden?.(row)),
    phone,
  );
  if (inline.length === 0 && menu.length === 0) return null;
  return (
    <Space size={4} wrap={false}>
      {inline.map((action) => (
        <Button
          key={action.testId}
          size="small"
          danger={action.danger}
          icon={action.icon}
          loading={action.loading}
          onClick={() => action.onClick(row)}
          data-testid={action.testId}
        >
          {label(action)}
        </Button>
      ))}
      {menu.length > 0 && (
        <Dropdown
          trigger={["click"]}
          menu={{
            items: menu.map((action) => ({
              key: action.testId,
              danger: action.danger,
              icon: action.icon,
              disabled: action.loading,
              label: <span data-testid={action.testId}>{label(action)}</span>,
            })),
            onClick: ({ key }) => menu.find((action) => action.testId === key)?.onClick(row),
          }}
        >
          <Button
            size="small"
            icon={<MoreOutlined />}
            aria-label={t("table.moreActions")}
            title={t("table.moreActions")}
            data-testid={MORE_ACTIONS_TEST_ID}
          />
        </Dropdown>
      )}
    </Space>
  );
}

/**
 * The "actions" column of a list screen: its row actions, in order, without the ones the account may
 * not use — the primary one as a button and the rest in a menu when there are many — pinned to the
 * table's end so they are in reach however wide the table. It exists so that every screen builds
 * that column the same way (title, empty export text, permission guards). No column at all when no
 * action is allowed; as an array, so a screen spreads it after its other columns.
 */
export function actionsColumn<Row>(actions: RowAction<Row>[]): DataColumn<Row>[] {
  const allowed = actions.filter((action) => action.allowed !== false);
  if (allowed.length === 0) return [];
  return [
    {
      key: "actions",
      titleKey: "common.actions",
      text: () => "",
      priority: "key",
      pinEnd: true,
      render: (row) => <RowActionButtons row={row} actions={allowed} />,
    },
  ];
}
