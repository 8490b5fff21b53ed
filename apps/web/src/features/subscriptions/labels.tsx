import {
  localDate,
  SUBSCRIPTION_GRACE_DAYS,
  type SubscriptionDevice,
  type SubscriptionDeviceState,
  type SubscriptionOrderState,
} from "@washboard/shared";
import { Tag, Tooltip } from "antd";
import { i18next } from "../../app/i18n";

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options);

/** Tag colours: the named palette colours, whose text keeps its contrast. */
const DEVICE_STATE_COLOR: Record<SubscriptionDeviceState, string> = {
  active: "green",
  expiring: "orange",
  expired: "red",
};

const ORDER_STATE_COLOR: Record<SubscriptionOrderState, string> = {
  unpaid: "default",
  paying: "blue",
  paid: "green",
};

/** An end date as the vendor reads it: its calendar day in the vendor's zone, or "no end date". */
export function endDateText(seconds: number | null, timeZone: string): string {
  return seconds === null ? t("subscriptions.noEndDate") : localDate(seconds, timeZone);
}

export const deviceStateText = (state: SubscriptionDeviceState) => t(`subscriptions.states.${state}`);

export const orderStateText = (state: SubscriptionOrderState) => t(`subscriptions.orderStates.${state}`);

/** A machine's subscription state, and past the grace period the refused commands, with why. */
export function DeviceStateTags({ device }: { device: Pick<SubscriptionDevice, "state" | "locked"> }) {
  return (
    <span className="subscription-tags">
      <Tag color={DEVICE_STATE_COLOR[device.state]} data-testid="subscription-device-state">
        {deviceStateText(device.state)}
      </Tag>
      {device.locked && (
        <Tooltip title={t("subscriptions.lockedHint", { days: SUBSCRIPTION_GRACE_DAYS })}>
          {/* The tag takes the keyboard focus, so its tooltip does too. */}
          <Tag color="red" tabIndex={0} data-testid="subscription-device-locked">
            {t("subscriptions.locked")}
          </Tag>
        </Tooltip>
      )}
    </span>
  );
}

export function OrderStateTag({ state }: { state: SubscriptionOrderState }) {
  return (
    <Tag color={ORDER_STATE_COLOR[state]} data-testid="subscription-order-state">
      {orderStateText(state)}
    </Tag>
  );
}
