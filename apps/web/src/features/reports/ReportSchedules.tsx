import { MailOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import {
  API,
  type FormReportKey,
  formatTimestamp,
  isLanguageCode,
  LANGUAGES,
  type LanguageCode,
  REPORT_FREQUENCIES,
  type ReportFrequency,
  type ReportSubscription,
  testEmailAddress,
} from "@washboard/shared";
import { Button, Empty, Form, Input, List, Select, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { useActiveVendorId } from "../../app/session/store";
import { AppModal } from "../../app/ui/AppModal";
import { useConfirm } from "../../app/ui/confirm";

interface SubscribeForm {
  email: string;
  frequency: ReportFrequency;
  language: LanguageCode;
}

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** Where the subscription's last mail stands, in the reader's words. */
function DeliveryState(props: { subscription: ReportSubscription; timeZone: string }) {
  const { t } = useTranslation();
  const delivery = props.subscription.last_delivery;
  if (!delivery) return <Typography.Text type="secondary">{t("reports.schedule.notSent")}</Typography.Text>;
  if (delivery.state === "delivered") {
    return (
      <Tag color="success" data-testid="schedule-delivered">
        {t("reports.schedule.delivered", { at: delivery.at ? formatTimestamp(delivery.at, props.timeZone) : "" })}
      </Tag>
    );
  }
  if (delivery.state === "failed") {
    return <Tag color="error">{t("reports.schedule.failed", { error: delivery.error ?? "" })}</Tag>;
  }
  return (
    <Tag color="processing">
      {delivery.error ? t("reports.schedule.retrying", { error: delivery.error }) : t("reports.schedule.pending")}
    </Tag>
  );
}

/**
 * The report's e-mailed schedule: the addresses that receive it weekly or monthly (an Excel
 * attachment through the organization's mail settings), adding and removing one, and sending the
 * last period now to check that it arrives.
 */
export function ReportSchedules(props: { report: FormReportKey; title: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<SubscribeForm>();
  const confirm = useConfirm();
  const vendorId = useActiveVendorId();
  const body = { report: props.report };
  const list = useQuery({
    queryKey: queryKeys.call(API.reports.subscriptions, vendorId, body),
    queryFn: () => call(API.reports.subscriptions, body),
    enabled: open,
    // A mail on its way shows its outcome without a reload.
    refetchInterval: (query) =>
      query.state.data?.items.some((s) => s.last_delivery?.state === "pending") ? 2_000 : false,
  });
  const subscribe = useCallMutation(API.reports.subscribe, {
    success: "reports.schedule.subscribed",
    onSuccess: () => form.resetFields(["email"]),
  });
  const remove = useCallMutation(API.reports.unsubscribe, { success: "success.delete" });
  const sendNow = useCallMutation(API.reports.sendNow, { success: "reports.schedule.sending" });
  const language = isLanguageCode(i18n.language) ? i18n.language : "en";
  const items = list.data?.items ?? [];

  return (
    <>
      <Button icon={<MailOutlined />} onClick={() => setOpen(true)} data-testid="report-schedule">
        {t("reports.schedule.button")}
      </Button>
      <AppModal
        open={open}
        title={t("reports.schedule.title", { report: props.title })}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <Typography.Paragraph type="secondary">{t("reports.schedule.intro")}</Typography.Paragraph>
        <Form<SubscribeForm>
          form={form}
          layout="vertical"
          initialValues={{ frequency: "weekly", language }}
          onFinish={(values) => subscribe.mutate({ report: props.report, ...values })}
          data-testid="schedule-form"
        >
          <Form.Item name="email" label={t("reports.schedule.email")} rules={[zodRule(testEmailAddress)]}>
            <Input type="email" autoComplete="email" maxLength={254} data-testid="schedule-email" />
          </Form.Item>
          <Space wrap align="end">
            <Form.Item name="frequency" label={t("reports.schedule.frequency")}>
              <Select
                style={{ minWidth: 160 }}
                data-testid="schedule-frequency"
                options={REPORT_FREQUENCIES.map((f) => ({ value: f, label: t(`reports.schedule.frequencies.${f}`) }))}
              />
            </Form.Item>
            <Form.Item name="language" label={t("reports.schedule.language")}>
              <Select
                style={{ minWidth: 160 }}
                data-testid="schedule-language"
                options={LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
              />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" loading={subscribe.isPending} data-testid="schedule-add">
                {t("reports.schedule.add")}
              </Button>
            </Form.Item>
          </Space>
        </Form>
        <List<ReportSubscription>
          loading={list.isLoading}
          dataSource={items}
          data-testid="schedule-list"
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reports.schedule.empty")} />,
          }}
          renderItem={(s) => (
            <List.Item
              data-testid="schedule-item"
              actions={[
                <Button
                  key="send"
                  size="small"
                  loading={sendNow.isPending && sendNow.variables?.id === s.id}
                  onClick={() => sendNow.mutate({ id: s.id })}
                  data-testid="schedule-send-now"
                >
                  {t("reports.schedule.sendNow")}
                </Button>,
                <Button
                  key="remove"
                  size="small"
                  danger
                  data-testid="schedule-remove"
                  onClick={async () => {
                    const yes = await confirm({
                      title: t("reports.schedule.removeConfirm", { report: props.title, email: s.email }),
                      danger: true,
                    });
                    if (yes) remove.mutate({ id: s.id });
                  }}
                >
                  {t("reports.schedule.remove")}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={<Typography.Text copyable>{s.email}</Typography.Text>}
                description={
                  <Space wrap size={[8, 4]}>
                    <Tag>{t(`reports.schedule.frequencies.${s.frequency}`)}</Tag>
                    <span>{languageName(s.language)}</span>
                    <span>{t("reports.schedule.next", { at: formatTimestamp(s.next_run_at, props.timeZone) })}</span>
                    <DeliveryState subscription={s} timeZone={props.timeZone} />
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </AppModal>
    </>
  );
}
