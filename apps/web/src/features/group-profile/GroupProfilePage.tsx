import { EditOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@tanstack/react-query";
import { API, type GroupProfile, groupProfileFields, LEVEL } from "@washboard/shared";
import { Alert, Button, Card, Descriptions, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { toastSuccess } from "../../app/feedback/toast";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";

type ProfileForm = Omit<GroupProfile, "id">;

const FIELDS = [
  ["name", "groupProfile.name", 128],
  ["address", "groupProfile.address", 255],
  ["c_app_id", "groupProfile.cAppId", 128],
  ["b_app_id", "groupProfile.bAppId", 128],
] as const;

const PROFILE_KEY = ["group-profile"];

/** /group/index: the group's profile; the main administrator (level 6) edits it, level 7 reads it. */
export default function GroupProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const canEdit = user?.level === LEVEL.GROUP_ADMIN;
  const [editing, setEditing] = useState(false);
  const profile = useQuery({ queryKey: PROFILE_KEY, queryFn: () => call(API.group.profile, {}) });

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
            onClick={() => setEditing(true)}
            disabled={!profile.data}
            data-testid="group-edit"
          >
            {t("groupProfile.edit")}
          </Button>
        )
      }
    >
      {!canEdit && <Alert type="info" showIcon title={t("groupProfile.readOnly")} style={{ marginBottom: 16 }} />}
      {profile.data && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t("groupProfile.id")}>{profile.data.id}</Descriptions.Item>
          {FIELDS.map(([name, labelKey]) => (
            <Descriptions.Item key={name} label={t(labelKey)}>
              <span data-testid={`group-${name}`}>{profile.data[name] || "—"}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {editing && profile.data && <EditDialog profile={profile.data} onClose={() => setEditing(false)} />}
    </Card>
  );
}

function EditDialog(props: { profile: GroupProfile; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileForm>();
  const save = useMutation({
    mutationFn: (values: ProfileForm) => call(API.group.modifyProfile, values),
    onSuccess: (result) => {
      queryClient.setQueryData(PROFILE_KEY, result);
      toastSuccess("success.modify");
      props.onClose();
    },
  });
  return (
    <FormModal form={form} open title={t("groupProfile.edit")} onCancel={props.onClose} saving={save.isPending}>
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
