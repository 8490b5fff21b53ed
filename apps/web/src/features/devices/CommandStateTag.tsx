import { ClockCircleOutlined } from "@ant-design/icons";
import type { CommandItem } from "@washboard/shared";
import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { commandOutcomeLabel, isLateAnswer, STATE_COLOR } from "./labels";

/**
 * A command's state as a tag in its state's colour. A late answer ("Answered late: failed") carries
 * a clock and a tooltip saying the machine answered after the command had been declared timed out.
 */
export function CommandStateTag(props: { command: Pick<CommandItem, "state" | "late">; testId?: string }) {
  const { t } = useTranslation();
  const { command } = props;
  const late = isLateAnswer(command);
  const tag = (
    <Tag
      color={STATE_COLOR[command.state]}
      icon={late ? <ClockCircleOutlined /> : undefined}
      tabIndex={late ? 0 : undefined}
      data-testid={props.testId}
      data-late={late || undefined}
    >
      {commandOutcomeLabel(command)}
    </Tag>
  );
  return late ? <Tooltip title={t("devices.late.help")}>{tag}</Tooltip> : tag;
}
