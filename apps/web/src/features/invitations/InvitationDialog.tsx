import { useQuery } from "@tanstack/react-query";
import { API, COUPON_LIMITS, type InviteLinkItem, inviteLinkFields, LIMITS } from "@washboard/shared";
import { Form, InputNumber, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { zodRule } from "../../app/forms/zod-rule";
import { useActiveVendorId } from "../../app/session/store";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ImageUpload } from "../../app/ui/ImageUpload";
import { couponWorth } from "../coupons/labels";

interface InvitationForm {
  coupon_id?: number;
  quantity: number | null;
  valid_days: number | null;
  background_image: string[];
}

const EMPTY: InvitationForm = { quantity: 100, valid_days: 30, background_image: [] };

/**
 * A new invitation link (spec §3 Invitation link): the coupon it gives (one switched on), how many
 * members may claim one, how many days it stays valid, and the poster's background image.
 */
export function InvitationDialog(props: { onClose(): void }) {
  const { t } = useTranslation();
  const activeVendorId = useActiveVendorId();
  const offered = useQuery({
    queryKey: queryKeys.call(API.members.coupons, activeVendorId, {}),
    queryFn: () => call(API.members.coupons, {}),
  });
  return (
    <EntityDialog<
      InvitationForm,
      InviteLinkItem,
      typeof API.members.inviteLinkCreate,
      typeof API.members.inviteLinkCreate
    >
      record={null}
      create={API.members.inviteLinkCreate}
      // A link is made, used and removed; it is never changed.
      modify={API.members.inviteLinkCreate}
      createBody={(values) => ({
        coupon_id: values.coupon_id ?? 0,
        quantity: values.quantity ?? 0,
        valid_days: values.valid_days ?? 0,
        background_image: values.background_image ?? [],
      })}
      initialValues={EMPTY}
      titleKeys={{ add: "invitations.add", edit: "invitations.add" }}
      name="invitation"
      testId="invitation-form"
      onClose={props.onClose}
    >
      <Form.Item
        name="coupon_id"
        label={t("invitations.fields.coupon")}
        extra={offered.data?.items.length === 0 ? t("invitations.noCoupons") : t("invitations.help.coupon")}
        rules={[zodRule(inviteLinkFields.coupon_id)]}
      >
        <Select
          loading={offered.isLoading}
          showSearch={{ optionFilterProp: "label" }}
          options={(offered.data?.items ?? []).map((c) => ({
            value: c.id,
            label: `${c.code} · ${c.name} · ${couponWorth(c)}`,
          }))}
          data-testid="invitation-coupon"
        />
      </Form.Item>
      <Form.Item
        name="quantity"
        label={t("invitations.fields.quantity")}
        extra={t("invitations.help.quantity")}
        rules={[zodRule(inviteLinkFields.quantity)]}
      >
        <InputNumber
          precision={0}
          max={COUPON_LIMITS.inviteQuantity.max}
          style={{ width: "100%" }}
          data-testid="invitation-quantity"
        />
      </Form.Item>
      <Form.Item
        name="valid_days"
        label={t("invitations.fields.validDays")}
        extra={t("invitations.help.validDays")}
        rules={[zodRule(inviteLinkFields.valid_days)]}
      >
        <InputNumber precision={0} style={{ width: "100%" }} data-testid="invitation-valid-days" />
      </Form.Item>
      <Form.Item
        name="background_image"
        label={t("invitations.fields.background")}
        extra={t("invitations.help.background")}
        rules={[zodRule(inviteLinkFields.background_image)]}
      >
        <ImageUpload max={LIMITS.imageCounts.inviteBackground} testId="invitation-background" />
      </Form.Item>
    </EntityDialog>
  );
}
