import { API } from "@washboard/shared";
import { Alert, Form, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useCan } from "../../app/session/useCan";
import { FormModal } from "../../app/ui/FormModal";
import {
  type CommandTarget,
  type RemoteStartForm,
  remoteStartBody,
  START_TYPES,
  startProgramDefaults,
} from "./command-form";
import { startTypeLabel } from "./labels";
import { PricedProgramPicker } from "./PricedProgramPicker";
import { StartProgramFields } from "./StartProgramFields";
import { TargetSummary } from "./TargetSummary";
import { type IssuedBatch, useCommandCall } from "./useCommandCall";

/**
 * Spec §4 remote start: start type, program, price in the vendor's currency, and optionally the
 * minutes to run. The server never queues a start: an offline machine's start fails at once, and
 * the outcome panel says so.
 */
export function RemoteStartDialog(props: {
  target: CommandTarget;
  currency: string;
  onIssued(batch: IssuedBatch): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RemoteStartForm>();
  const { target, currency } = props;
  const can = useCan();
  // One machine: its programs priced by the pricing engine can fill the start.
  const onlyDevice = target.kind === "devices" && target.devices.length === 1 ? target.devices[0] : undefined;
  const start = useCommandCall(API.devices.remoteStart, {
    toBody: ({ values }: { values: RemoteStartForm; target: CommandTarget }) =>
      remoteStartBody(values, currency, target),
    onIssued: props.onIssued,
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t("devices.kinds.remote_start")}
      okText={t("devices.send")}
      onCancel={props.onClose}
      saving={start.isPending}
    >
      <TargetSummary target={target} />
      <Alert type="info" showIcon className="device-dialog-note" title={t("devices.startNote")} />
      <Form<RemoteStartForm>
        form={form}
        name="remote-start"
        layout="vertical"
        initialValues={{ start_type: "free_start", ...startProgramDefaults(currency) }}
        onFinish={(values) => start.mutate({ values, target })}
        data-testid="remote-start-form"
      >
        <Form.Item name="start_type" label={t("devices.start.startType")}>
          <Select
            options={START_TYPES.map((type) => ({ value: type, label: startTypeLabel(type) }))}
            data-testid="remote-start-type"
          />
        </Form.Item>
        {onlyDevice && can("dev_query") && (
          <PricedProgramPicker form={form} deviceId={onlyDevice.id} currency={currency} />
        )}
        <StartProgramFields currency={currency} testIdPrefix="remote-start" />
      </Form>
    </FormModal>
  );
}
