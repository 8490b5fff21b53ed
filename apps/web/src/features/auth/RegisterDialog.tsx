import {
  API,
  currencyCode,
  isLanguageCode,
  type LanguageCode,
  type LoginResult,
  loginUsername,
  requiredText,
  timeZone,
} from "@washboard/shared";
import { Alert, Button, Descriptions, Form, Input, Result, Select, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastError, toastSuccess } from "../../app/feedback/toast";
import { PasswordFields } from "../../app/forms/PasswordFields";
import { zodRule } from "../../app/forms/zod-rule";
import { sessionStore } from "../../app/session/store";
import { AppModal } from "../../app/ui/AppModal";
import { getBrowserId } from "./browser-id";
import { browserTimeZone, currencyOptions, languageOptions, timeZoneOptions } from "./choices";

interface RegisterForm {
  merchant_name: string;
  currency: string;
  language: LanguageCode;
  time_zone: string;
  username?: string;
  password?: string;
  confirm_password?: string;
}

/**
 * Quick registration (spec §2): keyed to this browser's identifier; when the browser gives none,
 * the §8 message and a manual form where the person chooses username and password.
 */
export function RegisterDialog({ onClose, onSignedIn }: { onClose: () => void; onSignedIn: () => void }) {
  const { t, i18n } = useTranslation();
  const [browserId, setBrowserId] = useState<string | null | undefined>(undefined);
  const [manual, setManual] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState<(LoginResult & { generated_password?: string | undefined }) | null>(null);

  useEffect(() => {
    void getBrowserId().then((id) => {
      setBrowserId(id);
      if (id === null) setManual(true);
    });
  }, []);

  const onFinish = async (values: RegisterForm) => {
    setSubmitting(true);
    try {
      const result = await call(
        API.auth.register,
        manual || !browserId ? { ...values, mode: "manual" } : { ...values, mode: "quick", browser_id: browserId },
      );
      toastSuccess("success.register");
      setDone(result);
    } catch (error) {
      toastError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const enter = () => {
    if (!done) return;
    sessionStore.signIn(done);
    onSignedIn();
  };

  return (
    <AppModal open title={t("register.title")} onCancel={onClose} footer={null} data-testid="register-dialog">
      {done ? (
        <Result
          status="success"
          title={t("register.doneTitle")}
          subTitle={t("register.doneBody")}
          extra={
            <Button type="primary" onClick={enter} data-testid="register-enter">
              {t("register.signIn")}
            </Button>
          }
        >
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t("register.username")}>
              <Typography.Text copyable data-testid="register-username">
                {done.username}
              </Typography.Text>
            </Descriptions.Item>
            {done.generated_password && (
              <Descriptions.Item label={t("register.password")}>
                <Typography.Text copyable code data-testid="register-password">
                  {done.generated_password}
                </Typography.Text>
              </Descriptions.Item>
            )}
          </Descriptions>
        </Result>
      ) : (
        <>
          {browserId === null && (
            <Alert type="warning" showIcon title={t("messages.noBrowserInfo")} style={{ marginBottom: 16 }} />
          )}
          <Typography.Paragraph type="secondary">
            {t(manual ? "register.manualIntro" : "register.quickIntro")}
          </Typography.Paragraph>
          <Form<RegisterForm>
            layout="vertical"
            onFinish={onFinish}
            initialValues={{
              currency: "USD",
              language: isLanguageCode(i18n.language) ? i18n.language : "en",
              time_zone: browserTimeZone(),
            }}
          >
            <Form.Item name="merchant_name" label={t("register.merchantName")} rules={[zodRule(requiredText(64))]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="currency" label={t("register.currency")} rules={[zodRule(currencyCode)]}>
              <Select showSearch={{ optionFilterProp: "label" }} options={currencyOptions(i18n.language)} />
            </Form.Item>
            <Form.Item name="language" label={t("register.language")}>
              <Select options={languageOptions} />
            </Form.Item>
            <Form.Item name="time_zone" label={t("register.timeZone")} rules={[zodRule(timeZone)]}>
              <Select showSearch={{ optionFilterProp: "label" }} options={timeZoneOptions()} />
            </Form.Item>
            {manual && (
              <>
                <Form.Item name="username" label={t("register.username")} rules={[zodRule(loginUsername)]}>
                  <Input maxLength={20} autoComplete="username" />
                </Form.Item>
                <PasswordFields labels={{ password: t("register.password"), confirm: t("register.confirmPassword") }} />
              </>
            )}
            <Button
              type="primary"
              htmlType="submit"
              block
              loading={submitting || browserId === undefined}
              data-testid="register-submit"
            >
              {t("register.submit")}
            </Button>
            {!manual && browserId && (
              <Button type="link" block onClick={() => setManual(true)} style={{ marginTop: 8 }}>
                {t("register.switchManual")}
              </Button>
            )}
          </Form>
        </>
      )}
    </AppModal>
  );
}
