import { useMutation } from "@tanstack/react-query";
import { API, type EcardItem, ecardFields, LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { toastSuccess } from "../../app/feedback/toast";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { ImageUpload } from "../../app/ui/ImageUpload";

interface EcardForm {
  name: string;
  image: string[];
}

export function refreshEcards() {
  return queryClient.invalidateQueries({ queryKey: ["list", API.ecard.list.path] });
}

/** Create (card null) or edit a virtual card: a name and one image. */
export function EcardDialog(props: { open: boolean; card: EcardItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EcardForm>();
  const editing = props.card;

  useEffect(() => {
    if (props.open)
      form.setFieldsValue(editing ? { name: editing.name, image: editing.image } : { name: "", image: [] });
  }, [props.open, editing, form]);

  const save = useMutation({
    mutationFn: (values: EcardForm) =>
      editing ? call(API.ecard.modify, { ...values, id: editing.id }) : call(API.ecard.create, values),
    onSuccess: async () => {
      toastSuccess(editing ? "success.modify" : "success.add");
      await refreshEcards();
      props.onClose();
    },
  });

  return (
    <FormModal
      form={form}
      open={props.open}
      title={t(editing ? "ecards.edit" : "ecards.add")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Form<EcardForm>
        form={form}
        layout="vertical"
        initialValues={{ name: "", image: [] }}
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
