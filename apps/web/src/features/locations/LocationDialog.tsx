import { API, type LocationItem, locationFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface LocationForm {
  name: string;
  address: string;
}

const EMPTY: LocationForm = { name: "", address: "" };

/** Create (location null) or edit a location: its name and address, both required. */
export function LocationDialog(props: { location: LocationItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LocationForm>();
  const editing = props.location;

  const save = useCallMutation(editing ? API.locations.modify : API.locations.create, {
    toBody: (values: LocationForm) => (editing ? { ...values, id: editing.id } : values),
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "locations.edit" : "locations.add")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<LocationForm>
        form={form}
        name="location"
        layout="vertical"
        initialValues={editing ? { name: editing.name, address: editing.address } : EMPTY}
        onFinish={(values) => save.mutate(values)}
        data-testid="location-form"
      >
        <Form.Item name="name" label={t("locations.fields.name")} rules={[zodRule(locationFields.name)]}>
          <Input maxLength={64} data-testid="location-name" />
        </Form.Item>
        <Form.Item name="address" label={t("locations.fields.address")} rules={[zodRule(locationFields.address)]}>
          <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="location-address" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
