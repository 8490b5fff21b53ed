import type { EndpointContract } from "@washboard/shared";
import { Form, type FormInstance } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { useCallMutation } from "../api/useCallMutation";
import { FormModal } from "./FormModal";

type Body<C extends EndpointContract> = z.input<C["body"]>;

export interface EntityDialogProps<Values, Item, Create extends EndpointContract, Modify extends EndpointContract> {
  /** The record edited; null to create one. */
  record: Item | null;
  /** The calls that create a record and change one. */
  create: Create;
  modify: Modify;
  /** The create call's payload from the form's values; the values themselves if left out. */
  createBody?: (values: Values) => Body<Create>;
  /** The change call's payload from the form's values and the record; the values and its `id` if left out. */
  modifyBody?: (values: Values, record: Item) => Body<Modify>;
  /** The form's first values: a blank record's, or the record's. */
  initialValues: Partial<Values>;
  /** i18n keys of the dialog's title, creating and editing. */
  titleKeys: { add: string; edit: string };
  /** The form's name (its fields' ids are `<name>_<field>`) and its `data-testid`. */
  name: string;
  testId: string;
  /** The screen's own form instance, when its fields read or set each other. */
  form?: FormInstance<Values>;
  /** Values of fields no longer shown are dropped from the payload. */
  preserve?: boolean;
  onClose(): void;
  /** The form's fields. */
  children: ReactNode;
}

/**
 * The console's one create/edit dialog: a form in the dialog of forms (Save submits, Cancel closes),
 * which creates the record or changes the one given, says so, and closes once the lists showing it
 * have been read again. A dialog says which calls, which fields and which first values:
 *
 *     <EntityDialog record={location} create={API.locations.create} modify={API.locations.modify}
 *       initialValues={…} titleKeys={{ add: "locations.add", edit: "locations.edit" }}
 *       name="location" testId="location-form" onClose={onClose}>
 *       <Form.Item name="name" …>…</Form.Item>
 *     </EntityDialog>
 */
export function EntityDialog<Values, Item, Create extends EndpointContract, Modify extends EndpointContract>(
  props: EntityDialogProps<Values, Item, Create, Modify>,
) {
  const { t } = useTranslation();
  const [ownForm] = Form.useForm<Values>();
  const form = props.form ?? ownForm;
  const { record } = props;
  const save = useCallMutation<Create | Modify, Values>(record === null ? props.create : props.modify, {
    toBody: (values) => {
      if (record === null) return props.createBody ? props.createBody(values) : (values as Body<Create>);
      return props.modifyBody
        ? props.modifyBody(values, record)
        : ({ ...values, id: (record as { id: number }).id } as Body<Modify>);
    },
    success: record === null ? "success.add" : "success.modify",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t(record === null ? props.titleKeys.add : props.titleKeys.edit)}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<Values>
        form={form}
        name={props.name}
        layout="vertical"
        initialValues={props.initialValues}
        onFinish={(values) => save.mutate(values)}
        preserve={props.preserve}
        data-testid={props.testId}
      >
        {props.children}
      </Form>
    </FormModal>
  );
}
