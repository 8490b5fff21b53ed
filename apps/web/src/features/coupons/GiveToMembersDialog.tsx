import { API, COUPON_LIMITS, type CouponDefinitionItem, giveCouponRequest } from "@washboard/shared";
import { Form, Radio, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastSuccess } from "../../app/feedback/toast";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { couponWorth } from "./labels";
import { MemberFilterFields, MemberPicker, useMemberFilters } from "./MemberTargets";

type Mode = "chosen" | "filtered";

interface GiveForm {
  mode: Mode;
  member_ids?: number[];
  filters?: Record<string, unknown>;
}

/**
 * Spec §7 admin_give_discount: one coupon to each chosen member, or to every active member the members
 * list's filters match (at most COUPON_LIMITS.giftByFilterMax), saying how many were given.
 */
export function GiveToMembersDialog(props: { coupon: CouponDefinitionItem; onClose(): void }) {
  const { t } = useTranslation();
  const { coupon } = props;
  const [form] = Form.useForm<GiveForm>();
  const mode = Form.useWatch("mode", form) ?? "chosen";
  const filters = useMemberFilters(form);
  const done = (result: { given: number }) => {
    toastSuccess("coupons.give.given", { count: result.given });
    props.onClose();
  };
  const chosen = useCallMutation(API.members.giveCoupon, {
    toBody: (values: GiveForm) => ({ coupon_id: coupon.id, member_ids: values.member_ids ?? [] }),
    onSuccess: done,
  });
  const filtered = useCallMutation(API.members.giveCouponByFilter, {
    toBody: () => ({ coupon_id: coupon.id, filters }),
    onSuccess: done,
  });
  return (
    <FormModal
      form={form}
      open
      title={t("coupons.give.title", { coupon: `${coupon.code} · ${coupon.name}` })}
      okText={t("coupons.give.submit")}
      onCancel={props.onClose}
      saving={chosen.isPending || filtered.isPending}
    >
      <Typography.Paragraph type="secondary">
        {couponWorth(coupon)} · {t("coupons.days", { days: coupon.valid_days })}
      </Typography.Paragraph>
      <Form<GiveForm>
        form={form}
        layout="vertical"
        name="give-coupon-members"
        initialValues={{ mode: "chosen", member_ids: [] }}
        onFinish={(values) => (values.mode === "chosen" ? chosen.mutate(values) : filtered.mutate(values))}
        data-testid="coupon-give-form"
      >
        <Form.Item name="mode" label={t("coupons.give.mode")}>
          <Radio.Group
            optionType="button"
            options={[
              { value: "chosen", label: t("coupons.give.chosen") },
              { value: "filtered", label: t("coupons.give.filtered") },
            ]}
            data-testid="coupon-give-mode"
          />
        </Form.Item>
        {mode === "chosen" ? (
          <Form.Item
            name="member_ids"
            label={t("coupons.give.members")}
            rules={[zodRule(giveCouponRequest.shape.member_ids)]}
          >
            <MemberPicker testId="coupon-give-members" />
          </Form.Item>
        ) : (
          <>
            <MemberFilterFields form={form} testId="coupon-give-filters" />
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
              {t("coupons.give.filterHint", { max: COUPON_LIMITS.giftByFilterMax })}
            </Typography.Paragraph>
          </>
        )}
      </Form>
    </FormModal>
  );
}
