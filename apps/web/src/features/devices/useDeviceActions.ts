import { API } from "@washboard/shared";
import { useTranslation } from "react-i18next";
import { useConfirm } from "../../app/ui/confirm";
import { type CommandTarget, targetBody } from "./command-form";
import { targetText } from "./TargetSummary";
import { type IssuedBatch, useCommandCall } from "./useCommandCall";

/**
 * The device commands that need no form: restart and cash-box reset after a confirmation naming
 * their devices, cash-box audit at once. Each answer goes to the outcome panel.
 */
export function useDeviceActions(onIssued: (batch: IssuedBatch) => void) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const reboot = useCommandCall(API.devices.reboot, {
    toBody: ({ target }: { target: CommandTarget }) => targetBody(target),
    onIssued,
  });
  const coins = useCommandCall(API.devices.coinCollection, {
    toBody: ({ target, action }: { target: CommandTarget; action: "audit" | "reset" }) => ({
      ...targetBody(target),
      action,
    }),
    onIssued,
  });

  return {
    pending: reboot.isPending || coins.isPending,
    async restart(target: CommandTarget) {
      const confirmed = await confirm({
        title: t("devices.confirm.restart", { target: targetText(target) }),
        content: t("devices.confirm.restartNote"),
      });
      if (confirmed) reboot.mutate({ target });
    },
    audit(target: CommandTarget) {
      coins.mutate({ target, action: "audit" });
    },
    async reset(target: CommandTarget) {
      const confirmed = await confirm({
        title: t("devices.confirm.reset", { target: targetText(target) }),
        content: t("devices.confirm.resetNote"),
        danger: true,
      });
      if (confirmed) coins.mutate({ target, action: "reset" });
    },
  };
}
