import { useQuery } from "@tanstack/react-query";
import { API, modifyOwnRequest } from "@washboard/shared";
import { Button, Card, Descriptions, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastSuccess } from "../../app/feedback/toast";
import { matchesField, zodRule } from "../../app/forms/zod-rule";
import { sessionStore, useSession } from "../../app/session/store";

interface ProfileForm {
  nickname: string;
  old_pwd: string;
  new_pwd?: string;
  confirm_new_pwd?: string;
}

const fields = modifyOwnRequest.shape;

/** Account settings (spec §5 own password change): nickname and password, current password required. */
export default function AccountSettingsPage() {
  const { t } = useTranslation();
  const user = useSession();
  const [form] = Form.useForm<ProfileForm>();
  const info = useQuery({
    queryKey: queryKeys.call(API.auth.accountInfo),
    queryFn: () => call(API.auth.accountInfo, {}),
  });
  const save = useCallMutation(API.auth.modifyOwn, {
    onSuccess: (result) => {
      sessionStore.updateUser({ name: result.nickname });
      toastSuccess(result.password_changed ? "accountSettings.passwordChanged" : "success.modify");
      form.resetFields(["old_pwd", "new_pwd", "confirm_new_pwd"]);
    },
  });
  const account = info.data?.account;

  return (
    <div style={{ display: "grid", gap: 16, maxWidth: 720 }}>
      <Card title={t("accountSettings.profile")} loading={info.isPending}>
        {account && (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t("accountSettings.username")}>{account.username}</Descriptions.Item>
            <Descriptions.Item label={t("accountSettings.email")}>{account.email || "—"}</Descriptions.Item>
            <Descriptions.Item label={t("accountSettings.level")}>{t(`levels.${account.level}`)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card title={t("accountSettings.title")}>
        <Form<ProfileForm>
          form={form}
          layout="vertical"
          initialValues={{ nickname: user?.name ?? "" }}
          onFinish={(values) =>
            save.mutate({
              ...values,
              new_pwd: values.new_pwd || undefined,
              confirm_new_pwd: values.confirm_new_pwd || undefined,
            })
          }
        >
          <Form.Item name="nickname" label={t("accountSettings.nickname")} rules={[zodRule(fields.nickname.unwrap())]}>
            <Input maxLength={20} />
          </Form.Item>
          <Form.Item name="old_pwd" label={t("accountSettings.oldPassword")} rules={[zodRule(fields.old_pwd)]}>
            <Input.Password maxLength={20} autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="new_pwd"
            label={t("accountSettings.newPassword")}
            extra={t("accountSettings.newPasswordHint")}
            rules={[zodRule(fields.new_pwd)]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm_new_pwd"
            label={t("accountSettings.confirmPassword")}
            dependencies={["new_pwd"]}
            rules={[matchesField("new_pwd")]}
          >
            <Input.Password maxLength={20} autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-profile">
            {t("common.save")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
