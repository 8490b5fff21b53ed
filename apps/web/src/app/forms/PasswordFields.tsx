import { accountPassword } from "@washboard/shared";
import { Form, type FormRule, Input } from "antd";
import { fieldError, matchesField, zodRule } from "./zod-rule";

/** Editing an account: blank keeps the current password, anything else follows the creation rule. */
const optionalPasswordRule: FormRule = {
  validator: async (_rule, value?: string) => {
    const message = value ? fieldError(accountPassword, value) : undefined;
    if (message) throw new Error(message);
  },
};

/**
 * A new account password and its confirmation (spec §5: 6 to 16 characters; "two passwords do not
 * match"), as fields `password` and `confirm_password`. Creating, the password is required; with
 * `optional` (editing an account) a blank one keeps the current password.
 */
export function PasswordFields(props: {
  labels: { password: string; confirm: string; hint?: string | undefined };
  optional?: boolean;
  testIds?: { password: string; confirm: string };
}) {
  const rule = props.optional ? optionalPasswordRule : zodRule(accountPassword);
  return (
    <>
      <Form.Item name="password" label={props.labels.password} extra={props.labels.hint} rules={[rule]}>
        <Input.Password maxLength={16} autoComplete="new-password" data-testid={props.testIds?.password} />
      </Form.Item>
      <Form.Item
        name="confirm_password"
        label={props.labels.confirm}
        dependencies={["password"]}
        rules={[matchesField("password")]}
      >
        <Input.Password maxLength={16} autoComplete="new-password" data-testid={props.testIds?.confirm} />
      </Form.Item>
    </>
  );
}
