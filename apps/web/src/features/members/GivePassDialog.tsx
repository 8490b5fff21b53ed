import type { MemberPassOffer } from "@washboard/shared";
import { API } from "@washboard/shared";
import { Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { FormModal } from "../../app/ui/FormModal";
import { passOfferLabel } from "./pass-labels";

interface GiveForm {
  promotion_id?: number;
}

/** Gives one member a running promotion's discount or wash-dry card, free. */
export function GivePassDialog(props: {
  memberId: number;
  memberName: string;
  currency: string;
  offers: readonly MemberPassOffer[];
  onClose(): void;
  onGiven(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GiveForm>();
  const give = useCallMutation(API.members.givePass, {
    toBody: (values: GiveForm) => ({ member_ids: [props.memberId], promotion_id: values.promotion_id ?? 0 }),
    success: "members.passes.given",
    onSuccess: () => {
      props.onGiven();
      props.onClose();
    },
  });
  return (
    <FormModal
      form={form}
      open
      title={t("members.passes.giveTitle", { member: props.memberName })}
      okText={t("members.passes.give")}
      onCancel={props.onClose}
      saving={give.isPending}
    >
      <Form<GiveForm> form={form} layout="vertical" name="give-pass" onFinish={(values) => give.mutate(values)}>
        <Form.Item
          name="promotion_id"
          label={t("members.passes.promotion")}
          rules={[{ required: true, message: t("validation.noPromotion") }]}
          extra={props.offers.length === 0 ? t("members.passes.noneRunning") : undefined}
        >
          <Select
            options={props.offers.map((o) => ({ value: o.promotion_id, label: passOfferLabel(o, props.currency, t) }))}
            data-testid="give-pass-select"
          />
        </Form.Item>
        <Typography.Text type="secondary">{t("members.passes.giveHint")}</Typography.Text>
      </Form>
    </FormModal>
  );
}
