import { API, type EcardItem, ecardFields, LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { ImageUpload } from "../../app/ui/ImageUpload";

interface EcardForm {
  name: string;
  image: string[];
}

/** Create (card null) or edit a virtual card: a name and one image. */
export function EcardDialog(props: { card: EcardItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EcardForm>();
  const editing = props.card;

  const save = useCallMutation(editing ? API.ecards.modify : API.ecards.create, {
    toBody: (values: EcardForm) => (editing ? { ...values, id: editing.id } : values),
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "ecards.edit" : "ecards.add")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<EcardForm>
        form={form}
        layout="vertical"
        initialValues={editing ? { name: editing.name, image: editing.image } : { name: "", image: [] }}
        onFinish={(values) => save.mutate(values)}
        data-testid="ecard-form"
      >
        <Form.Item name="name" label={t("ecards.fields.name")} rules={[zodRule(ecardFields.name)]}>
          <Input maxLength={64} data-testid="ecard-name" />
        </Form.Item>
        <Form.Item name="image" label={t("ecards.fields.image")} rules={[zodRule(ecardFields.image)]}>
          <ImageUpload max={LIMITS.imageCounts.ecardImage} testId="ecard-image" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
