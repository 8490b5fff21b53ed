import { useMutation } from "@tanstack/react-query";
import { API, type PaymentProviderItem, payDiscount, providerFields } from "@washboard/shared";
import { Alert, Form, type FormRule, Input, InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { sessionStore } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";

interface ProviderForm {
  enabled: boolean;
  fields: Record<string, string>;
  discount: number | null;
}

/** An empty discount means none; a number must be 1 to 99 (§5). */
const discountRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value === null || value === undefined || value === "") return;
    const result = payDiscount.safeParse(value);
    if (!result.success) throw new Error(i18next.t(result.error.issues[0]?.message ?? "validation.invalid"));
  },
};

/** After a provider is switched on or off, the vendor's flags (and so the order menu) follow. */
async function refreshVendorSummary(): Promise<void> {
  const vendor = await call(API.vendor.current, {});
  sessionStore.updateUser({ vendor });
}

/**
 * One provider's switch, credentials and pay discount. Secret fields show their mask; leaving
 * the mask keeps the stored secret, typing a new value replaces it.
 */
export function PaymentProviderDialog(props: { item: PaymentProviderItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderForm>();
  const { item } = props;
  const save = useMutation({
    mutationFn: async (values: ProviderForm) => {
      await call(API.vendorProfile.modifyPaymentInfo, {
        provider: item.provider,
        enabled: values.enabled,
        fields: values.fields ?? {},
      });
      const discount = values.discount ?? null;
      if (discount !== item.discount) {
        await call(API.vendorProfile.modifyPayDiscounts, { discounts: [{ provider: item.provider, discount }] });
      }
    },
    onSuccess: async () => {
      toastSuccess("success.set");
      await queryClient.invalidateQueries({ queryKey: ["vendor-payment-info"] });
      await refreshVendorSummary();
      props.onClose();
    },
  });

  return (
    <FormModal
      form={form}
      open
      title={t("vendorProfile.configureTitle", { provider: t(`vendorProfile.providerNames.${item.provider}`) })}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<ProviderForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ enabled: item.enabled, fields: item.fields, discount: item.discount }}
        onFinish={(values) => save.mutate(values)}
        data-testid="provider-form"
      >
        <Form.Item
          name="enabled"
          label={t("vendorProfile.enabled")}
          valuePropName="checked"
          extra={item.flag ? t("vendorProfile.menuHint") : undefined}
        >
          <Switch data-testid="provider-enabled" />
        </Form.Item>
        {providerFields(item.provider).map((field) => (
          <Form.Item
            key={field.name}
            name={["fields", field.name]}
            label={t(`vendorProfile.fields.${field.name}`)}
            extra={"secret" in field && field.secret ? t("vendorProfile.secretHint") : undefined}
          >
            <Input
              maxLength={4096}
              autoComplete="off"
              spellCheck={false}
              data-testid={`provider-field-${field.name}`}
            />
          </Form.Item>
        ))}
        <Form.Item name="discount" label={t("vendorProfile.discount")} rules={[discountRule]}>
          <InputNumber min={1} max={99} precision={0} placeholder={t("vendorProfile.noDiscount")} />
        </Form.Item>
        <Alert type="info" showIcon title={t("vendorProfile.secretStorage")} />
      </Form>
    </FormModal>
  );
}
