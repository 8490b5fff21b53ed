import {
  API,
  COMMAND_STATES,
  type CommandItem,
  type CommandStateName,
  type DeviceItem,
  formatTimestamp,
  LAYOUT,
} from "@washboard/shared";
import { Drawer, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useTimeZone } from "../../app/session/useTimeZone";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useMediaQuery } from "../../app/ui/useMediaQuery";
import { CommandStateTag } from "./CommandStateTag";
import { deviceLabel } from "./command-form";
import {
  argsText,
  commandKindLabel,
  commandOutcomeLabel,
  commandStateLabel,
  type MoneyDisplay,
  reasonLabel,
  resultText,
} from "./labels";

const time = (seconds: number | null, timeZone: string) => (seconds === null ? "" : formatTimestamp(seconds, timeZone));

function historyColumns(timeZone: string, display: MoneyDisplay): DataColumn<CommandItem>[] {
  return [
    { key: "created", titleKey: "devices.history.createdAt", text: (c) => time(c.created_at, timeZone) },
    { key: "kind", titleKey: "devices.history.kind", text: (c) => commandKindLabel(c.kind) },
    {
      key: "state",
      titleKey: "devices.history.state",
      text: commandOutcomeLabel,
      render: (c) => <CommandStateTag command={c} testId="command-state" />,
    },
    {
      key: "reason",
      titleKey: "devices.history.reason",
      text: (c) => [c.reason ? reasonLabel(c.reason) : "", c.detail ?? ""].filter(Boolean).join(" — "),
    },
    {
      key: "details",
      titleKey: "devices.history.details",
      width: 280,
      ellipsis: true,
      text: (c) => [argsText(c, display), resultText(c, display)].filter(Boolean).join(" · "),
    },
    { key: "sent", titleKey: "devices.history.sentAt", text: (c) => time(c.sent_at, timeZone) },
    { key: "finished", titleKey: "devices.history.finishedAt", text: (c) => time(c.finished_at, timeZone) },
  ];
}

/** One device's commands, newest first, paged by the one table; new ones and new states arrive live. */
export function CommandHistoryDrawer(props: { device: DeviceItem; display: MoneyDisplay; onClose(): void }) {
  const { t } = useTranslation();
  const timeZone = useTimeZone();
  const narrow = useMediaQuery(`(max-width: ${LAYOUT.dialogNarrowPx}px)`);
  const [state, setState] = useState<CommandStateName | undefined>();
  const label = deviceLabel(props.device);
  return (
    <Drawer
      open
      onClose={props.onClose}
      size={narrow ? "100%" : 880}
      title={t("devices.history.title")}
      destroyOnHidden
      data-testid="command-history"
    >
      <Typography.Paragraph strong>{label}</Typography.Paragraph>
      <FilterBar<{ state?: CommandStateName }>
        fields={[
          {
            name: "state",
            labelKey: "devices.history.state",
            input: (
              <Select
                allowClear
                placeholder={t("table.all")}
                options={COMMAND_STATES.map((s) => ({ value: s, label: commandStateLabel(s) }))}
              />
            ),
          },
        ]}
        onSearch={(values) => setState(values.state)}
        testId="command-history-filters"
      />
      <DataTable
        contract={API.devices.commands}
        filters={{ device_id: props.device.id, ...(state ? { state } : {}) }}
        columns={historyColumns(timeZone, props.display)}
        rowKey={(row) => row.id}
        title={`${t("devices.history.title")} ${label}`}
        emptyText={t("devices.history.empty")}
        testId="command-history-table"
      />
    </Drawer>
  );
}
