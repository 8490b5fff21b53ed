import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { type CommandTarget, deviceLabel } from "./command-form";

/**
 * Which devices a command goes to, as a phrase the confirmations and dialogs embed: the device's
 * name for one, "5 devices", "all 12 devices of Bangsar".
 */
export function targetText(target: CommandTarget): string {
  if (target.kind === "shop") {
    return target.count === null
      ? i18next.t("devices.target.shop", { shop: target.shopName })
      : i18next.t("devices.target.shopCount", { shop: target.shopName, count: target.count });
  }
  const [only] = target.devices;
  if (target.devices.length === 1 && only) return deviceLabel(only);
  return i18next.t("devices.target.many", { count: target.devices.length });
}

export function TargetSummary({ target }: { target: CommandTarget }) {
  const { t } = useTranslation();
  return (
    <Typography.Paragraph className="device-target" data-testid="command-target">
      {t("devices.target.sendsTo", { target: targetText(target) })}
    </Typography.Paragraph>
  );
}
