import { useMutation } from "@tanstack/react-query";
import { API, type LocationItem, locationFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { refreshLocations } from "./queries";

interface LocationForm {
  name: string;
  address: string;
}

const EMPTY: LocationForm = { name: "", address: "" };

/** Create (location null) or edit a location: its name and address, both required. */
export function LocationDialog(props: { open: boolean; location: LocationItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LocationForm>();
  const editing = props.location;

  useEffect(() => {
    if (props.open) form.setFieldsValue(editing ? { name: editing.name, address: editing.address } : EMPTY);
  }, [props.open, editing, form]);

  const save = useMutation({
    mutationFn: (values: LocationForm) =>
      editing ? call(API.location.modify, { ...values, id: editing.id }) : call(API.location.create, values),
    onSuccess: async () => {
      toastSuccess(editing ? "success.modify" : "success.add");
      await refreshLocations();
      props.onClose();
    },
  });

  return (
    <FormModal
      form={form}
      open={props.open}
      title={t(editing ? "locations.edit" : "locations.add")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Form<LocationForm>
        form={form}
        name="location"
        layout="vertical"
        initialValues={EMPTY}
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
