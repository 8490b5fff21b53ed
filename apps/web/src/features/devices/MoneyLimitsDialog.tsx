import { useQuery } from "@tanstack/react-query";
import { API, LEVEL, type MoneyLimitsResult } from "@washboard/shared";
import { Alert, Checkbox, Form, type FormInstance, Input, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { errorText } from "../../app/feedback/toast";
import { useActiveVendorId, useSession } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";
import { type MoneyDisplay, money } from "./labels";
import {
  ceilingRule,
  defaultsShown,
  type MoneyLimitsForm,
  moneyLimitsBody,
  moneyLimitsInitialValues,
} from "./money-limits-form";

/** One ceiling: its amount in the vendor's currency beside the switch back to the default. */
function CeilingField(props: {
  name: "cycle" | "top_up";
  label: string;
  help: string;
  defaultAmount: string;
  currency: string;
  editable: boolean;
  startsAtDefault: boolean;
}) {
  const { t } = useTranslation();
  const { name } = props;
  // The watch answers undefined until the form has rendered once: the starting value meanwhile.
  const useDefault = (Form.useWatch(`${name}_default`) ?? props.startsAtDefault) === true;
  return (
    <Form.Item label={props.label} extra={props.help} required={!useDefault}>
      <div className="money-limit-row">
        <Form.Item
          name={name}
          noStyle
          dependencies={[`${name}_default`]}
          rules={[ceilingRule(props.currency, `${name}_default`)]}
        >
          <Input
            inputMode="decimal"
            addonBefore={props.currency}
            disabled={useDefault || !props.editable}
            aria-label={props.label}
            className="money-limit-amount"
            data-testid={`money-limit-${name}`}
          />
        </Form.Item>
        <Form.Item name={`${name}_default`} valuePropName="checked" noStyle>
          <Checkbox data-testid={`money-limit-${name}-default`}>
            {t("devices.moneyLimits.useDefault", { amount: props.defaultAmount })}
          </Checkbox>
        </Form.Item>
      </div>
    </Form.Item>
  );
}

/** The form, once the limits that hold now are known (it starts from them). */
function MoneyLimitsFormBody(props: {
  limits: MoneyLimitsResult;
  display: MoneyDisplay;
  editable: boolean;
  form: FormInstance<MoneyLimitsForm>;
  onSave(values: MoneyLimitsForm): void;
}) {
  const { t } = useTranslation();
  const { limits, display, form } = props;
  const currency = display.currency;
  return (
    <Form<MoneyLimitsForm>
      form={form}
      name="money-limits"
      layout="vertical"
      disabled={!props.editable}
      initialValues={moneyLimitsInitialValues(limits, currency)}
      onValuesChange={(changed: Partial<MoneyLimitsForm>) => {
        const shown = defaultsShown(changed, limits, currency);
        if (Object.keys(shown).length > 0) form.setFieldsValue(shown);
      }}
      onFinish={props.onSave}
      data-testid="money-limits-form"
    >
      <CeilingField
        name="cycle"
        label={t("devices.moneyLimits.cycle")}
        help={t("devices.moneyLimits.cycleHelp")}
        defaultAmount={money(limits.default_cycle_amount, display)}
        currency={currency}
        editable={props.editable}
        startsAtDefault={limits.cycle_is_default}
      />
      <CeilingField
        name="top_up"
        label={t("devices.moneyLimits.topUp")}
        help={t("devices.moneyLimits.topUpHelp")}
        defaultAmount={money(limits.default_top_up_amount, display)}
        currency={currency}
        editable={props.editable}
        startsAtDefault={limits.top_up_is_default}
      />
    </Form>
  );
}

/**
 * The vendor's ceilings on what one machine message may be worth: a cycle's price or card tap, and a
 * kiosk's card credit. A message above them is refused (no order, nothing credited) and shows in the
 * device log. Anyone who may see the devices reads them; only the main account changes them.
 */
export function MoneyLimitsDialog(props: { display: MoneyDisplay; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MoneyLimitsForm>();
  const activeVendorId = useActiveVendorId();
  // The contract's levels for a change: the vendor's main account only (a sub-account reads them).
  const editable = useSession()?.level === LEVEL.VENDOR_ADMIN;
  const { display } = props;
  const limits = useQuery({
    queryKey: queryKeys.call(API.devices.moneyLimits, activeVendorId),
    queryFn: () => call(API.devices.moneyLimits, {}),
  });
  const save = useCallMutation(API.devices.setMoneyLimits, {
    toBody: (values: MoneyLimitsForm) => moneyLimitsBody(values, display.currency),
    success: "devices.moneyLimits.saved",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t("devices.moneyLimits.title")}
      onCancel={props.onClose}
      saving={save.isPending}
      okButtonProps={{ disabled: !limits.data, style: editable ? undefined : { display: "none" } }}
      {...(editable ? {} : { cancelText: t("common.close") })}
      data-testid="money-limits-dialog"
    >
      <Alert type="info" showIcon className="device-dialog-note" title={t("devices.moneyLimits.note")} />
      {!editable && (
        <Typography.Paragraph type="secondary" data-testid="money-limits-read-only">
          {t("devices.moneyLimits.readOnly")}
        </Typography.Paragraph>
      )}
      {limits.isPending && <Skeleton active />}
      {limits.isError && <Alert type="error" showIcon title={errorText(limits.error)} />}
      {limits.data && (
        <MoneyLimitsFormBody
          limits={limits.data}
          display={display}
          editable={editable}
          form={form}
          onSave={(values) => save.mutate(values)}
        />
      )}
    </FormModal>
  );
}
