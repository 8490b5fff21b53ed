import { useQuery } from "@tanstack/react-query";
import {
  API,
  formatMoney,
  LANGUAGES,
  modifyVendorContactRequest,
  type PaymentProviderItem,
  type VendorProfile,
} from "@washboard/shared";
import { Alert, Button, Card, Descriptions, Form, Input, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";
import { useDialog } from "../../app/ui/useDialog";
import { PaymentProviderDialog } from "./PaymentProviderDialog";

function ContactDialog(props: { profile: VendorProfile; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ phone: string; home_page: string }>();
  const save = useCallMutation(API.vendorProfile.modifyContact, {
    success: "success.modify",
    onSuccess: props.onClose,
  });
  const fields = modifyVendorContactRequest.shape;
  return (
    <FormModal form={form} open title={t("vendorProfile.editContact")} onCancel={props.onClose} saving={save.isPending}>
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ phone: props.profile.phone, home_page: props.profile.home_page }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="phone" label={t("vendorProfile.phone")} rules={[zodRule(fields.phone)]}>
          <Input maxLength={32} data-testid="vendor-phone" />
        </Form.Item>
        <Form.Item name="home_page" label={t("vendorProfile.homePage")} rules={[zodRule(fields.home_page)]}>
          <Input maxLength={255} data-testid="vendor-home-page" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** /vendors/index: the vendor's profile and its payment-provider settings. */
export default function VendorProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const isMain = user?.level === 3;
  const profile = useQuery({
    queryKey: queryKeys.call(API.vendorProfile.profile),
    queryFn: () => call(API.vendorProfile.profile, {}),
  });
  const payments = useQuery({
    queryKey: queryKeys.call(API.vendorProfile.paymentInfo),
    queryFn: () => call(API.vendorProfile.paymentInfo, {}),
  });
  const contact = useDialog<VendorProfile>();
  const configure = useDialog<PaymentProviderItem>();
  const p = profile.data;
  const dash = (v: string) => v || "—";

  return (
    <div style={{ display: "grid", gap: 16 }} data-testid="vendor-profile">
      <Card
        title={t("vendorProfile.info")}
        loading={profile.isPending}
        extra={
          isMain &&
          p && (
            <Button onClick={() => contact.openEdit(p)} data-testid="vendor-edit-contact">
              {t("vendorProfile.editContact")}
            </Button>
          )
        }
      >
        {p && (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
            <Descriptions.Item label={t("vendorProfile.name")}>{p.name}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.group")}>{dash(p.group_name ?? "")}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.realName")}>{dash(p.real_name)}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.idNumber")}>{dash(p.id_number)}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.phone")}>{dash(p.phone)}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.homePage")}>{dash(p.home_page)}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.settlementCycle")}>
              {t("vendorProfile.days", { count: p.settlement_cycle_days })}
            </Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.currency")}>{p.currency}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.feeRateCoins")}>{p.fee_rate_coins.toFixed(2)}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.feeRateNoCoins")}>
              {p.fee_rate_no_coins.toFixed(2)}
            </Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.coinDenomination")}>
              {formatMoney(p.coin_denomination, p.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.language")}>
              {LANGUAGES.find((l) => l.code === p.language)?.name ?? p.language}
            </Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.timeZone")}>{p.time_zone}</Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.maxBalance")}>
              {formatMoney(p.max_balance, p.currency)}
            </Descriptions.Item>
            <Descriptions.Item label={t("vendorProfile.withdrawableBalance")}>
              {formatMoney(p.withdrawable_balance, p.currency)}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t("vendorProfile.providers")}>
        {!isMain && <Alert type="info" showIcon title={t("vendorProfile.readOnly")} style={{ marginBottom: 12 }} />}
        <Table<PaymentProviderItem>
          size="middle"
          rowKey="provider"
          loading={payments.isFetching}
          dataSource={payments.data?.providers ?? []}
          pagination={false}
          scroll={{ x: "max-content" }}
          data-testid="provider-table"
          columns={[
            {
              key: "provider",
              title: t("vendorProfile.provider"),
              render: (_v, row) => t(`vendorProfile.providerNames.${row.provider}`),
            },
            {
              key: "enabled",
              title: t("vendorProfile.enabled"),
              render: (_v, row) => (
                <Tag color={row.enabled ? "green" : "default"} data-testid={`provider-state-${row.provider}`}>
                  {t(row.enabled ? "common.enabled" : "common.disabled")}
                </Tag>
              ),
            },
            {
              key: "credentials",
              title: t("vendorProfile.credentials"),
              render: (_v, row) =>
                Object.entries(row.fields)
                  .filter(([, value]) => value !== "")
                  .map(([name]) => t(`vendorProfile.fields.${name}`))
                  .join(", ") || t("vendorProfile.notSet"),
            },
            {
              key: "discount",
              title: t("vendorProfile.discount"),
              render: (_v, row) => (row.discount === null ? t("vendorProfile.noDiscount") : `${row.discount}%`),
            },
            ...(isMain
              ? [
                  {
                    key: "actions",
                    title: t("common.actions"),
                    render: (_v: unknown, row: PaymentProviderItem) => (
                      <Button
                        size="small"
                        onClick={() => configure.openEdit(row)}
                        data-testid={`provider-configure-${row.provider}`}
                      >
                        {t("vendorProfile.configure")}
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {contact.state?.record && <ContactDialog profile={contact.state.record} onClose={contact.close} />}
      {configure.state?.record && <PaymentProviderDialog item={configure.state.record} onClose={configure.close} />}
    </div>
  );
}
