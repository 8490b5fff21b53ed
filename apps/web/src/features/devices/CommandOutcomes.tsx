import { CloseOutlined } from "@ant-design/icons";
import { type CommandItem, formatTimestamp } from "@washboard/shared";
import { Button, Card, Typography } from "antd";
import type { Ref } from "react";
import { useTranslation } from "react-i18next";
import { CommandStateTag } from "./CommandStateTag";
import { isFinished } from "./device-cache";
import { commandKindLabel, isLateAnswer, type MoneyDisplay, reasonLabel, resultText } from "./labels";
import { type IssuedBatch, useCommandOutcomes } from "./useCommandCall";

/** Of a batch's commands: how many succeeded, how many ended otherwise, how many still wait. */
export function batchCounts(commands: readonly CommandItem[]): { succeeded: number; failed: number; pending: number } {
  let succeeded = 0;
  let failed = 0;
  for (const command of commands) {
    if (command.state === "succeeded") succeeded++;
    else if (isFinished(command)) failed++;
  }
  return { succeeded, failed, pending: commands.length - succeeded - failed };
}

/**
 * What became of the commands issued from this screen, device by device, as the devices answer:
 * waiting, sent, then succeeded, failed (with the reason), timed out or expired — and a timed-out
 * command's late answer when the machine gives one. Nothing here says success before the device did.
 */
export function CommandOutcomes(props: {
  batches: readonly IssuedBatch[];
  display: MoneyDisplay;
  timeZone: string;
  onDismiss(key: string): void;
  ref?: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const outcomes = useCommandOutcomes();
  if (props.batches.length === 0) return null;
  return (
    <Card
      size="small"
      title={t("devices.outcomes.title")}
      className="command-outcomes"
      ref={props.ref}
      data-testid="command-outcomes"
    >
      {props.batches.map((batch) => {
        const commands = batch.commandIds.map((id) => outcomes[id]).filter((c): c is CommandItem => c !== undefined);
        const counts = batchCounts(commands);
        return (
          <div key={batch.key} className="command-batch" data-testid="command-batch">
            <div className="command-batch-head">
              <Typography.Text strong>{commandKindLabel(batch.kind)}</Typography.Text>
              <Typography.Text type="secondary">{formatTimestamp(batch.issuedAt, props.timeZone)}</Typography.Text>
              <Typography.Text aria-live="polite" data-testid="command-batch-counts">
                {t("devices.outcomes.counts", counts)}
              </Typography.Text>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t("devices.outcomes.dismiss")}
                title={t("devices.outcomes.dismiss")}
                onClick={() => props.onDismiss(batch.key)}
                className="command-batch-dismiss"
              />
            </div>
            <ul className="command-batch-list">
              {commands.map((command) => {
                const extra = [resultText(command, props.display), command.detail ?? ""].filter(Boolean).join(" — ");
                return (
                  <li
                    key={command.id}
                    data-testid="command-outcome"
                    data-state={command.state}
                    data-late={isLateAnswer(command) || undefined}
                  >
                    <span className="command-device">
                      {batch.names[command.device_id] ?? t("devices.outcomes.deviceId", { id: command.device_id })}
                    </span>
                    <CommandStateTag command={command} />
                    {command.reason && (
                      <Typography.Text type="danger" data-testid="command-reason">
                        {reasonLabel(command.reason)}
                      </Typography.Text>
                    )}
                    {extra && <Typography.Text type="secondary">{extra}</Typography.Text>}
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </Card>
  );
}
