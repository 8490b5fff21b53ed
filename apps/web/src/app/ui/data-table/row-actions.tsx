import { Button, Space } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DataColumn } from "./types";

/** One small button in a row's actions column. */
export interface RowAction<Row> {
  /** i18n key of the label, like a column's `titleKey`; a function of the row for a toggle (enable/disable). */
  labelKey: string | ((row: Row) => string);
  /** `data-testid` of the button (the browser tests select by it). */
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

function RowActionButtons<Row>(props: { row: Row; actions: RowAction<Row>[] }): ReactNode {
  const { t } = useTranslation();
  const { row } = props;
  return (
    <Space>
      {props.actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => (
          <Button
            key={action.testId}
            size="small"
            danger={action.danger}
            icon={action.icon}
            loading={action.loading}
            onClick={() => action.onClick(row)}
            data-testid={action.testId}
          >
            {t(typeof action.labelKey === "string" ? action.labelKey : action.labelKey(row))}
          </Button>
        ))}
    </Space>
  );
}

/**
 * The "actions" column of a list screen: its row buttons, in order, without the ones the account may
 * not use. It exists so that every screen builds that column the same way (title, empty export text,
 * small buttons, permission guards) instead of writing it out by hand. No column at all when no action
 * is allowed; as an array, so a screen spreads it after its other columns.
 */
export function actionsColumn<Row>(actions: RowAction<Row>[]): DataColumn<Row>[] {
  const allowed = actions.filter((action) => action.allowed !== false);
  if (allowed.length === 0) return [];
  return [
    {
      key: "actions",
      titleKey: "common.actions",
      text: () => "",
      render: (row) => <RowActionButtons row={row} actions={allowed} />,
    },
  ];
}
