import type { FormRule } from "antd";
// Types only: this file loads without the component library (the sign-in page uses fieldError).
import type { z } from "zod";
import { i18next } from "../i18n";

/**
 * An Ant Design form rule from a shared zod field schema: the browser rejects exactly what the
 * server rejects, with the same (translated) message.
 */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = fieldError(schema, value);
      if (message) throw new Error(message);
    },
  };
}

/** The translated message of the first rule a value breaks, or undefined when it is valid. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value ?? "");
  return result.success ? undefined : i18next.t(result.error.issues[0]?.message ?? "validation.invalid");
}

/** Confirmation must equal the field it confirms (spec §5, "two passwords do not match"). */
export function matchesField(field: string): FormRule {
  const rule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if ((value ?? "") !== (getFieldValue(field) ?? "")) throw new Error(i18next.t("validation.passwordMismatch"));
    },
  });
  return rule;
}
