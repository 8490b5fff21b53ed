import { SearchOutlined } from "@ant-design/icons";
import { Button, Form } from "antd";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import "./data-table.css";

export interface FilterField {
  name: string;
  /** i18n key of the field's label. */
  labelKey: string;
  input: ReactNode;
  /** Date ranges and the like take more room. */
  wide?: boolean;
  /** The input's value property when it is not `value` (a checkbox's `checked`). */
  valuePropName?: string;
}

/**
 * The one way a list screen takes filters: labelled fields in a wrapping row, Search applies
 * them, Reset clears them and applies the empty filter. The screen turns the form values into
 * its list call's filters.
 */
export function FilterBar<Values extends object>(props: {
  fields: FilterField[];
  onSearch(values: Values): void;
  initialValues?: Partial<Values>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // A form name of its own, so its fields' ids (`<name>_<field>`) never repeat those of the screen's
  // dialog form or of a kept-alive screen: a repeated id ties a dialog's labels to the filter inputs.
  const name = `filters${useId().replace(/\W/g, "")}`;
  return (
    <Form<Values>
      form={form}
      name={name}
      layout="vertical"
      className="filter-bar"
      initialValues={props.initialValues}
      onFinish={props.onSearch}
      data-testid={props.testId}
    >
      {props.fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={t(field.labelKey)}
          className={field.wide ? "filter-bar-field-wide" : "filter-bar-field"}
          valuePropName={field.valuePropName}
        >
          {field.input}
        </Form.Item>
      ))}
      <div className="filter-bar-buttons">
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
          {t("common.search")}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            props.onSearch(form.getFieldsValue(true));
          }}
          data-testid="filter-reset"
        >
          {t("common.reset")}
        </Button>
      </div>
    </Form>
  );
}
