import { useQuery } from "@tanstack/react-query";
import { API, LIST_PAGE_SIZE, type PriceTemplateItem, requiredRecordId } from "@washboard/shared";
import { Alert, Descriptions, Empty, Form, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { zodRule } from "../../app/forms/zod-rule";
import { useActiveVendorId } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";
import { type CommandTarget, targetBody } from "./command-form";
import { type MoneyDisplay, money } from "./labels";
import { TargetSummary } from "./TargetSummary";
import { type IssuedBatch, useCommandCall } from "./useCommandCall";

interface AssignForm {
  template_id: number;
}

/** The vendor's price templates, by name (a vendor holds at most a few dozen). */
function useTemplates() {
  const activeVendorId = useActiveVendorId();
  const body = { page_size: LIST_PAGE_SIZE.max, sort: "name_asc" as const };
  return useQuery({
    queryKey: queryKeys.call(API.priceTemplates.list, activeVendorId, body, LIST_PAGE_SIZE.max, null),
    queryFn: () => call(API.priceTemplates.list, body),
  });
}

/**
 * Puts the target devices on a price template. The server sends it to each machine as parameters
 * (program time, prices, options), so the outcome panel shows each machine taking it; an offline
 * machine receives it when it reconnects.
 */
export function AssignTemplateDialog(props: {
  target: CommandTarget;
  display: MoneyDisplay;
  onIssued(batch: IssuedBatch): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AssignForm>();
  const { target, display } = props;
  const templates = useTemplates();
  const [chosen, setChosen] = useState<PriceTemplateItem | undefined>();
  const assign = useCommandCall(API.priceTemplates.assign, {
    toBody: ({ values }: { values: AssignForm; target: CommandTarget }) => ({
      id: values.template_id,
      ...targetBody(target),
    }),
    onIssued: props.onIssued,
    onSuccess: props.onClose,
  });
  const items = templates.data?.items ?? [];

  return (
    <FormModal
      form={form}
      open
      title={t("devices.template.title")}
      okText={t("devices.send")}
      onCancel={props.onClose}
      saving={assign.isPending}
    >
      <TargetSummary target={target} />
      <Alert type="info" showIcon className="device-dialog-note" title={t("devices.template.note")} />
      <Form<AssignForm>
        form={form}
        name="assign-template"
        layout="vertical"
        onFinish={(values) => assign.mutate({ values, target })}
        data-testid="assign-template-form"
      >
        <Form.Item name="template_id" label={t("devices.template.choose")} rules={[zodRule(requiredRecordId)]}>
          <Select
            loading={templates.isLoading}
            showSearch={{ optionFilterProp: "label" }}
            options={items.map((item) => ({ value: item.id, label: item.model_name }))}
            onChange={(id: number) => setChosen(items.find((item) => item.id === id))}
            notFoundContent={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("devices.template.none")} />}
            data-testid="assign-template-select"
          />
        </Form.Item>
      </Form>
      {chosen && (
        <Descriptions size="small" column={1} bordered data-testid="assign-template-summary">
          <Descriptions.Item label={t("devices.start.price")}>{money(chosen.price, display)}</Descriptions.Item>
          <Descriptions.Item label={t("devices.start.minutes")}>{chosen.estimated_minutes}</Descriptions.Item>
          <Descriptions.Item label={t("devices.template.options")}>
            {chosen.options.length === 0
              ? "—"
              : chosen.options.map((option) => `${option.name} +${money(option.added_price, display)}`).join(", ")}
          </Descriptions.Item>
        </Descriptions>
      )}
    </FormModal>
  );
}
