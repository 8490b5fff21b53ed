import { FilterOutlined, SearchOutlined } from "@ant-design/icons";
import { Button, Form } from "antd";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePhone } from "../useMediaQuery";
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

/** On a narrow screen, more fields than this fold behind a "Filters (n)" button; the first stays. */
const SHOWN_WHEN_NARROW = 1;

/** A value that filters: not empty, and not the field's first value (a default sort filters nothing). */
function isActive(value: unknown, initial: unknown): boolean {
  if (value === undefined || value === null || value === "" || value === false) return false;
  if (Array.isArray(value) && value.length === 0) return false;
  return JSON.stringify(value) !== JSON.stringify(initial);
}

/**
 * The one way a list screen takes filters: labelled fields in a wrapping row, Search applies
 * them, Reset clears them and applies the empty filter. The screen turns the form values into
 * its list call's filters. On a phone only the first field (the search box) shows before the data;
 * the others fold behind a "Filters (n)" button that counts those in use. Folded fields keep their
 * values: they are hidden, not removed.
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
  const narrow = usePhone();
  const [unfolded, setUnfolded] = useState(false);
  const values = (Form.useWatch((all: Values) => all, form) ?? {}) as Record<string, unknown>;
  const foldable = narrow && props.fields.length > SHOWN_WHEN_NARROW + 1;
  const folded = foldable && !unfolded;
  const initial = (props.initialValues ?? {}) as Record<string, unknown>;
  const activeFolded = props.fields
    .slice(SHOWN_WHEN_NARROW)
    .filter((field) => isActive(values[field.name], initial[field.name])).length;
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
      {props.fields.map((field, index) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={t(field.labelKey)}
          className={field.wide ? "filter-bar-field-wide" : "filter-bar-field"}
          valuePropName={field.valuePropName}
          hidden={folded && index >= SHOWN_WHEN_NARROW}
        >
          {field.input}
        </Form.Item>
      ))}
      {foldable && (
        <Button
          className="filter-bar-fold"
          icon={<FilterOutlined />}
          aria-expanded={unfolded}
          onClick={() => setUnfolded(!unfolded)}
          data-testid="filter-fold"
        >
          {activeFolded > 0 ? t("common.filtersActive", { count: activeFolded }) : t("common.filters")}
        </Button>
      )}
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
