import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { faultTexts } from "./labels";

/**
 * A machine's reported fault as a red tag reading its meaning and code, whose tooltip gives the
 * first thing to check (the tag takes the keyboard focus, so the tooltip does too). Used by the
 * device list and the dashboard's attention list alike.
 */
export function FaultLabel({ machineType, code, testId }: { machineType: string; code: string; testId?: string }) {
  // Subscribes to language changes: the texts come from the catalogue of the moment.
  useTranslation();
  const { known, label, help } = faultTexts(machineType, code);
  return (
    <Tooltip title={help}>
      <Tag color="red" tabIndex={0} data-testid={testId} data-fault-known={known}>
        {label}
      </Tag>
    </Tooltip>
  );
}
