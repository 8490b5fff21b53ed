import type { FormInstance } from "antd";
import { useEffect, useRef } from "react";

/**
 * Fills a dialog's form from the record it shows (null when creating) each time it opens or the
 * record changes. Reset first: setFieldsValue alone leaves the fields the values omit (a new shop
 * has no location yet), and any old error, as the previous record left them.
 */
export function useFillOnOpen<Values, Record>(
  form: FormInstance<Values>,
  open: boolean,
  record: Record,
  toValues: (record: Record) => NoInfer<Parameters<FormInstance<Values>["setFieldsValue"]>[0]>,
): void {
  // The latest conversion, without refilling (and losing what was typed) on every render.
  const convert = useRef(toValues);
  convert.current = toValues;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(convert.current(record));
  }, [open, record, form]);
}
