import { EditOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { API, type GroupProfile, groupProfileFields, LEVEL } from "@washboard/shared";
import { Alert, Button, Card, Descriptions, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";
import { useDialog } from "../../app/ui/useDialog";

type ProfileForm = Omit<GroupProfile, "id">;

const FIELDS = [
  ["name", "groups.name", 128],
  ["address", "groups.address", 255],
  ["c_app_id", "groups.cAppId", 128],
  ["b_app_id", "groups.bAppId", 128],
] as const;

/** /group/index: the group's profile; the main administrator (level 6) edits it, level 7 reads it. */
export default function GroupProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const canEdit = user?.level === LEVEL.GROUP_ADMIN;
  const edit = useDialog<GroupProfile>();
  const profile = useQuery({
    queryKey: queryKeys.call(API.groups.profile),
    queryFn: () => call(API.groups.profile, {}),
  });

  return (
    <Card
      title={t("routes.group_index")}
      loading={profile.isPending}
      data-testid="group-profile"
      extra={
        canEdit && (
          <Button
            type="primary"
            icon={<EditOutlined />}
            onClick={() => profile.data && edit.openEdit(profile.data)}
            disabled={!profile.data}
            data-testid="group-edit"
          >
            {t("groups.edit")}
          </Button>
        )
      }
    >
      {!canEdit && <Alert type="info" showIcon title={t("groups.readOnly")} style={{ marginBottom: 16 }} />}
      {profile.data && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t("groups.id")}>{profile.data.id}</Descriptions.Item>
          {FIELDS.map(([name, labelKey]) => (
            <Descriptions.Item key={name} label={t(labelKey)}>
              <span data-testid={`group-${name}`}>{profile.data[name] || "—"}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {edit.state?.record && <EditDialog profile={edit.state.record} onClose={edit.close} />}
    </Card>
  );
}

function EditDialog(props: { profile: GroupProfile; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileForm>();
  const save = useCallMutation(API.groups.modifyProfile, { success: "success.modify", onSuccess: props.onClose });
  return (
    <FormModal form={form} open title={t("groups.edit")} onCancel={props.onClose} saving={save.isPending}>
      <Form<ProfileForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={props.profile}
        onFinish={(values) => save.mutate(values)}
        data-testid="group-form"
      >
        {FIELDS.map(([name, labelKey, max]) => (
          <Form.Item key={name} name={name} label={t(labelKey)} required rules={[zodRule(groupProfileFields[name])]}>
            <Input maxLength={max} data-testid={`group-input-${name}`} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
