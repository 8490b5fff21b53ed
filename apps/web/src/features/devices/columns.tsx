import { QuestionCircleOutlined } from "@ant-design/icons";
import {
  type DeviceItem,
  type DevicePresenceName,
  formatTimestamp,
  localDate,
  machineTypeLabelKey,
} from "@washboard/shared";
import { Tag, Tooltip, Typography } from "antd";
import { i18next } from "../../app/i18n";
import type { DataColumn } from "../../app/ui/data-table/types";
import { usePhone } from "../../app/ui/useMediaQuery";
import { deviceLabel } from "./command-form";
import { FaultLabel } from "./FaultLabel";
import { faultTexts, type MoneyDisplay, money, PRESENCE_COLOR, presenceLabel } from "./labels";

const t = (key: string, params?: Record<string, unknown>) => i18next.t(key, params ?? {});

/** A two-sided state as a tag: its word, coloured when it needs attention. */
function stateColumn(
  key: string,
  titleKey: string,
  priority: DataColumn<DeviceItem>["priority"],
  state: (row: DeviceItem) => { text: string; color: string },
): DataColumn<DeviceItem> {
  return {
    key,
    titleKey,
    priority,
    text: (row) => state(row).text,
    render: (row) => {
      const { text, color } = state(row);
      return (
        <Tag color={color} data-testid={`device-${key}`}>
          {text}
        </Tag>
      );
    },
  };
}

/**
 * A device's connection as a tag: online, offline, or unknown — neutral, with a question mark
 * whose tooltip says what it means (the tag takes the keyboard focus, so the tooltip does too).
 */
export function PresenceTag({ presence }: { presence: DevicePresenceName }) {
  const tag = (
    <Tag
      color={PRESENCE_COLOR[presence]}
      icon={presence === "unknown" ? <QuestionCircleOutlined /> : undefined}
      tabIndex={presence === "unknown" ? 0 : undefined}
      data-testid="device-online"
      data-presence={presence}
    >
      {presenceLabel(presence)}
    </Tag>
  );
  return presence === "unknown" ? <Tooltip title={t("devices.state.unknownHelp")}>{tag}</Tooltip> : tag;
}

const onlineColumn: DataColumn<DeviceItem> = {
  key: "online",
  titleKey: "devices.fields.online",
  text: (r) => presenceLabel(r.presence),
  render: (r) => <PresenceTag presence={r.presence} />,
};

const busyColumn = stateColumn("busy", "devices.fields.busy", "normal", (r) =>
  r.busy ? { text: t("devices.state.busy"), color: "blue" } : { text: t("devices.state.idle"), color: "default" },
);

const faultColumn: DataColumn<DeviceItem> = {
  key: "fault",
  titleKey: "devices.fields.fault",
  text: (r) => (r.fault_code === null ? t("devices.state.noFault") : faultTexts(r.machine_type, r.fault_code).label),
  render: (r) =>
    r.fault_code === null ? (
      <Tag data-testid="device-fault">{t("devices.state.noFault")}</Tag>
    ) : (
      <FaultLabel machineType={r.machine_type} code={r.fault_code} testId="device-fault" />
    ),
};

/** On a phone, connection, activity and fault in one column, so the row fits without scrolling. */
const stateSummaryColumn: DataColumn<DeviceItem> = {
  key: "state",
  titleKey: "devices.fields.state",
  priority: "phone",
  render: (r) => (
    <div className="device-state-summary">
      {onlineColumn.render?.(r)}
      {busyColumn.render?.(r)}
      {r.fault_code !== null && faultColumn.render?.(r)}
    </div>
  ),
};

/** The device cell: its name over its serial number — and on a phone, where it has no column, its shop. */
function DeviceCell({ device }: { device: DeviceItem }) {
  const phone = usePhone();
  return (
    <div className="device-cell">
      <Typography.Text strong ellipsis={{ tooltip: device.name }} data-testid="device-name">
        {device.name || device.serial_number}
      </Typography.Text>
      <Typography.Text type="secondary" ellipsis={{ tooltip: device.serial_number }} className="device-serial">
        {device.serial_number}
      </Typography.Text>
      {phone && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: device.shop_name }} data-testid="device-shop">
          {device.shop_name}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The device list's columns (spec §3 Device): who it is, where, and its live state as the gateway
 * last heard it. Money in the vendor's currency, times in its time zone; `now` (seconds) decides
 * whether a subscription has run out.
 */
export function deviceColumns(timeZone: string, display: MoneyDisplay, now: number): DataColumn<DeviceItem>[] {
  return [
    {
      key: "device",
      titleKey: "devices.fields.device",
      width: 150,
      text: deviceLabel,
      render: (r) => <DeviceCell device={r} />,
    },
    { key: "machineNumber", titleKey: "devices.fields.machineNumber", dataIndex: "machine_number" },
    {
      key: "machineType",
      titleKey: "devices.fields.machineType",
      text: (r) => t(machineTypeLabelKey(r.machine_type), { defaultValue: r.machine_type }),
    },
    { key: "shop", titleKey: "devices.fields.shop", text: (r) => r.shop_name ?? "" },
    {
      key: "priceTemplate",
      titleKey: "devices.fields.priceTemplate",
      text: (r) => r.price_template_name ?? "",
      render: (r) => <span data-testid="device-price-template">{r.price_template_name ?? "—"}</span>,
    },
    onlineColumn,
    busyColumn,
    faultColumn,
    stateSummaryColumn,
    { key: "firmware", titleKey: "devices.fields.firmware", dataIndex: "firmware", priority: "minor" },
    {
      key: "cashboxCurrent",
      titleKey: "devices.fields.cashboxCurrent",
      text: (r) => money(r.cashbox_current, display),
    },
    {
      key: "cashboxCumulative",
      titleKey: "devices.fields.cashboxCumulative",
      priority: "minor",
      text: (r) => money(r.cashbox_cumulative, display),
    },
    stateColumn("responding", "devices.fields.responding", "minor", (r) =>
      r.responding
        ? { text: t("devices.state.responding"), color: "default" }
        : { text: t("devices.state.notResponding"), color: "magenta" },
    ),
    {
      key: "lastSeen",
      titleKey: "devices.fields.lastSeen",
      priority: "minor",
      text: (r) => (r.last_seen_at === null ? t("common.never") : formatTimestamp(r.last_seen_at, timeZone)),
    },
    {
      key: "subscription",
      titleKey: "devices.fields.subscription",
      text: (r) => subscriptionText(r, timeZone, now),
      render: (r) =>
        r.subscription_expires_at !== null && r.subscription_expires_at <= now ? (
          <Tag color="red" data-testid="device-subscription-expired">
            {subscriptionText(r, timeZone, now)}
          </Tag>
        ) : (
          subscriptionText(r, timeZone, now)
        ),
    },
  ];
}

function subscriptionText(row: DeviceItem, timeZone: string, now: number): string {
  if (row.subscription_expires_at === null) return t("devices.state.noSubscription");
  const date = localDate(row.subscription_expires_at, timeZone);
  return row.subscription_expires_at <= now ? t("devices.state.expiredOn", { date }) : date;
}
