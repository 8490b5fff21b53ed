/**
 * The sign-in fields' rules of spec §5 as plain patterns: the zod fields in fields.ts are built from
 * them for the server, and the sign-in page checks them directly, so the first page of the console
 * loads without a schema library. §5 says letters or digits; the underscore is allowed too, as the
 * demo logins (vendor_admin) need it.
 */
export const LOGIN_FIELD_RULES = {
  login: { pattern: /^\w{4,20}$/, trim: true, messageKey: "validation.username" },
  password: { pattern: /^\S{4,20}$/, trim: false, messageKey: "validation.loginPassword" },
} as const;

export type LoginField = keyof typeof LOGIN_FIELD_RULES;

/** The message key of the rule a sign-in field's value breaks, or undefined when it is valid. */
export function loginFieldError(field: LoginField, value: string): string | undefined {
  const rule = LOGIN_FIELD_RULES[field];
  const text = rule.trim ? value.trim() : value;
  if (text === "") return "validation.required";
  return rule.pattern.test(text) ? undefined : rule.messageKey;
}
