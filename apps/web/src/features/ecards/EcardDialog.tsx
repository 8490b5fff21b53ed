import { API, type EcardItem, ecardFields, LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ImageUpload } from "../../app/ui/ImageUpload";

interface EcardForm {
  name: string;
  image: string[];
}

const EMPTY: EcardForm = { name: "", image: [] };

/** Create (card null) or edit a virtual card: a name and one image. */
export function EcardDialog(props: { card: EcardItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const { card } = props;
  return (
    <EntityDialog
      record={card}
      create={API.ecards.create}
      modify={API.ecards.modify}
      initialValues={card ? { name: card.name, image: card.image } : EMPTY}
      titleKeys={{ add: "ecards.add", edit: "ecards.edit" }}
      name="ecard"
      testId="ecard-form"
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t("ecards.fields.name")} rules={[zodRule(ecardFields.name)]}>
        <Input maxLength={64} data-testid="ecard-name" />
      </Form.Item>
      <Form.Item name="image" label={t("ecards.fields.image")} rules={[zodRule(ecardFields.image)]}>
        <ImageUpload max={LIMITS.imageCounts.ecardImage} testId="ecard-image" />
      </Form.Item>
    </EntityDialog>
  );
}
