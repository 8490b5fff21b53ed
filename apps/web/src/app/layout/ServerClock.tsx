import { ClockCircleOutlined } from "@ant-design/icons";
import { formatTimestamp } from "@washboard/shared";
import { Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { useServerClock } from "../api/server-clock";

/** Spec §2: server time in the top bar, ticking every second, in the vendor's time zone. */
export function ServerClock({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation();
  const now = useServerClock();
  if (now === null) return null;
  return (
    <Tooltip title={`${t("layout.serverTime")} (${timeZone})`}>
      <span className="server-clock" data-testid="server-clock">
        <ClockCircleOutlined /> {formatTimestamp(now, timeZone)}
      </span>
    </Tooltip>
  );
}
