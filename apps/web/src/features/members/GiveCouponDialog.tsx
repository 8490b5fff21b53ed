import { useQuery } from "@tanstack/react-query";
import { API, type CouponItem, formatMoney } from "@washboard/shared";
import { Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { useActiveVendorId } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";

interface GiveForm {
  coupon_id?: number;
}

/** What a coupon is worth, as the dialog lists it: its code and name, its worth (a rate, an amount, free), its days. */
export function couponLabel(coupon: CouponItem, t: (key: string, values?: Record<string, unknown>) => string): string {
  const worth =
    coupon.kind === "free"
      ? t("coupons.worth.free")
      : coupon.discount_rate !== null
        ? t("members.coupons.rate", { rate: coupon.discount_rate })
        : formatMoney(coupon.amount ?? 0, coupon.currency);
  return `${coupon.code} · ${coupon.name} · ${worth} · ${t("members.coupons.validDays", { days: coupon.valid_days })}`;
}

/** Spec §7 admin_give_discount: one coupon to each selected member. */
export function GiveCouponDialog(props: { memberIds: number[]; onClose(): void; onGiven(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GiveForm>();
  const activeVendorId = useActiveVendorId();
  const offered = useQuery({
    queryKey: queryKeys.call(API.members.coupons, activeVendorId, {}),
    queryFn: () => call(API.members.coupons, {}),
  });
  const give = useCallMutation(API.members.giveCoupon, {
    toBody: (values: GiveForm) => ({ member_ids: props.memberIds, coupon_id: values.coupon_id ?? 0 }),
    success: "members.coupons.given",
    onSuccess: () => {
      props.onGiven();
      props.onClose();
    },
  });
  return (
    <FormModal
      form={form}
      open
      title={t("members.coupons.giveTitle", { count: props.memberIds.length })}
      okText={t("members.coupons.give")}
      onCancel={props.onClose}
      saving={give.isPending}
    >
      <Form<GiveForm> form={form} layout="vertical" name="give-coupon" onFinish={(values) => give.mutate(values)}>
        <Form.Item
          name="coupon_id"
          label={t("members.coupons.coupon")}
          rules={[{ required: true, message: t("validation.required") }]}
          extra={offered.data?.items.length === 0 ? t("members.coupons.noneDefined") : undefined}
        >
          <Select
            loading={offered.isLoading}
            options={(offered.data?.items ?? []).map((c) => ({ value: c.id, label: couponLabel(c, t) }))}
            data-testid="give-coupon-select"
          />
        </Form.Item>
        <Typography.Text type="secondary">{t("members.coupons.giveHint")}</Typography.Text>
      </Form>
    </FormModal>
  );
}
