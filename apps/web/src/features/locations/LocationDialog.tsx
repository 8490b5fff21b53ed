import { API, type LocationItem, locationFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";

interface LocationForm {
  name: string;
  address: string;
}

const EMPTY: LocationForm = { name: "", address: "" };

/** Create (location null) or edit a location: its name and address, both required. */
export function LocationDialog(props: { location: LocationItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const { location } = props;
  return (
    <EntityDialog
      record={location}
      create={API.locations.create}
      modify={API.locations.modify}
      initialValues={location ? { name: location.name, address: location.address } : EMPTY}
      titleKeys={{ add: "locations.add", edit: "locations.edit" }}
      name="location"
      testId="location-form"
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t("locations.fields.name")} rules={[zodRule(locationFields.name)]}>
        <Input maxLength={64} data-testid="location-name" />
      </Form.Item>
      <Form.Item name="address" label={t("locations.fields.address")} rules={[zodRule(locationFields.address)]}>
        <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="location-address" />
      </Form.Item>
    </EntityDialog>
  );
}
