import { useQuery } from "@tanstack/react-query";
import {
  API,
  type EmailConfig,
  emailConfigFields,
  MAIL_AUTH_METHODS,
  MAIL_SEND_METHODS,
  sendTestEmailRequest,
} from "@washboard/shared";
import { Alert, Button, Card, Form, Input, InputNumber, Select, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { errorText } from "../../app/feedback/toast";
import { zodRule } from "../../app/forms/zod-rule";

type ConfigForm = Omit<EmailConfig, "configured" | "has_password">;

/** /group/email: the group's outgoing mail (SMTP) server, and a real test email through it. */
export default function EmailConfigPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigForm>();
  const [testForm] = Form.useForm<{ to: string }>();
  const [testOutcome, setTestOutcome] = useState<
    { ok: true; to: string } | { ok: false; text: string; reason: string } | null
  >(null);
  const config = useQuery({
    queryKey: queryKeys.call(API.emailConfig.get),
    queryFn: () => call(API.emailConfig.get, {}),
  });

  useEffect(() => {
    if (config.data) form.setFieldsValue(config.data);
  }, [config.data, form]);

  const save = useCallMutation(API.emailConfig.update, { success: "success.set" });
  const sendTest = useCallMutation(API.emailConfig.sendTest, {
    success: "success.send",
    onSuccess: (_result, values) => setTestOutcome({ ok: true, to: values.to }),
    // The server's reason (in English, as the mail server said it) is shown beside the translation.
    onError: (error) =>
      setTestOutcome({
        ok: false,
        text: errorText(error),
        reason: error instanceof ApiError && error.code === "MAIL_SEND_FAILED" ? error.message : "",
      }),
  });
  const configured = config.data?.configured ?? false;

  return (
    <div style={{ display: "grid", gap: 16, maxWidth: 720 }} data-testid="email-config">
      <Card title={t("emailConfig.title")} loading={config.isPending}>
        <Typography.Paragraph type="secondary">{t("emailConfig.intro")}</Typography.Paragraph>
        {config.data && !configured && (
          <Alert type="info" showIcon title={t("emailConfig.notConfigured")} style={{ marginBottom: 16 }} />
        )}
        <Form<ConfigForm> form={form} layout="vertical" onFinish={(values) => save.mutate(values)}>
          <Form.Item
            name="send_method"
            label={t("emailConfig.fields.sendMethod")}
            rules={[zodRule(emailConfigFields.send_method)]}
          >
            <Select
              options={MAIL_SEND_METHODS.map((m) => ({ value: m, label: t(`emailConfig.sendMethods.${m}`) }))}
              data-testid="email-send-method"
            />
          </Form.Item>
          <Form.Item
            name="smtp_server"
            label={t("emailConfig.fields.smtpServer")}
            rules={[zodRule(emailConfigFields.smtp_server)]}
          >
            <Input maxLength={255} placeholder="smtp.example.com" data-testid="email-smtp-server" />
          </Form.Item>
          <Form.Item name="port" label={t("emailConfig.fields.port")} rules={[zodRule(emailConfigFields.port)]}>
            <InputNumber style={{ width: 160 }} precision={0} data-testid="email-port" />
          </Form.Item>
          <Form.Item
            name="auth_method"
            label={t("emailConfig.fields.authMethod")}
            rules={[zodRule(emailConfigFields.auth_method)]}
          >
            <Select
              options={MAIL_AUTH_METHODS.map((m) => ({ value: m, label: t(`emailConfig.authMethods.${m}`) }))}
              data-testid="email-auth-method"
            />
          </Form.Item>
          <Form.Item
            name="username"
            label={t("emailConfig.fields.username")}
            extra={t("emailConfig.fields.usernameHint")}
            rules={[zodRule(emailConfigFields.username)]}
          >
            <Input maxLength={255} autoComplete="off" data-testid="email-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label={t("emailConfig.fields.password")}
            extra={t("emailConfig.fields.passwordHint")}
            rules={[zodRule(emailConfigFields.password)]}
          >
            <Input.Password
              maxLength={255}
              autoComplete="new-password"
              visibilityToggle={false}
              data-testid="email-password"
            />
          </Form.Item>
          <Form.Item
            name="sender_name"
            label={t("emailConfig.fields.senderName")}
            rules={[zodRule(emailConfigFields.sender_name)]}
          >
            <Input maxLength={128} data-testid="email-sender-name" />
          </Form.Item>
          <Form.Item name="title" label={t("emailConfig.fields.title")} rules={[zodRule(emailConfigFields.title)]}>
            <Input maxLength={255} data-testid="email-title" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="email-save">
            {t("common.save")}
          </Button>
        </Form>
      </Card>

      <Card title={t("emailConfig.test.title")}>
        <Typography.Paragraph type="secondary">{t("emailConfig.test.intro")}</Typography.Paragraph>
        <Form<{ to: string }>
          form={testForm}
          layout="vertical"
          onFinish={(values) => {
            setTestOutcome(null);
            sendTest.mutate(values);
          }}
        >
          <Form.Item name="to" label={t("emailConfig.test.to")} rules={[zodRule(sendTestEmailRequest.shape.to)]}>
            <Input type="email" maxLength={254} placeholder="name@example.com" data-testid="email-test-to" />
          </Form.Item>
          <Space wrap>
            <Button
              htmlType="submit"
              loading={sendTest.isPending}
              disabled={!configured}
              title={configured ? undefined : t("emailConfig.test.saveFirst")}
              data-testid="email-test-send"
            >
              {t("emailConfig.test.send")}
            </Button>
            {!configured && <Typography.Text type="secondary">{t("emailConfig.test.saveFirst")}</Typography.Text>}
          </Space>
        </Form>
        {testOutcome?.ok === true && (
          <Alert
            type="success"
            showIcon
            style={{ marginTop: 16 }}
            title={t("emailConfig.test.sent", { to: testOutcome.to })}
            data-testid="email-test-result"
          />
        )}
        {testOutcome?.ok === false && (
          <Alert
            type="error"
            showIcon
            style={{ marginTop: 16 }}
            title={testOutcome.text}
            description={
              testOutcome.reason ? (
                <>
                  <Typography.Text type="secondary">{t("emailConfig.test.reason")}: </Typography.Text>
                  <Typography.Text code>{testOutcome.reason}</Typography.Text>
                </>
              ) : undefined
            }
            data-testid="email-test-result"
          />
        )}
      </Card>
    </div>
  );
}
