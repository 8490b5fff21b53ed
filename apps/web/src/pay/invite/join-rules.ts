import { memberAppName, memberPhone, memberPin } from "@washboard/shared";
import type { z } from "zod";

/** A customer on an invitation's page is a member already (signs in) or new here (registers, then signs in). */
export type JoinMode = "signIn" | "register";

export interface JoinValues {
  phone: string;
  pin: string;
  name: string;
}

/** A field's broken rule, as the message key the shared rule carries ("validation.memberPin"). */
export type JoinErrors = Partial<Record<keyof JoinValues, string>>;

/** The member app's own rules (the server checks the same ones): the name only when registering. */
const RULES: Record<keyof JoinValues, z.ZodType> = { phone: memberPhone, pin: memberPin, name: memberAppName };

export function joinErrors(mode: JoinMode, values: JoinValues): JoinErrors {
  const fields: (keyof JoinValues)[] = mode === "register" ? ["phone", "pin", "name"] : ["phone", "pin"];
  const errors: JoinErrors = {};
  for (const field of fields) {
    const checked = RULES[field].safeParse(values[field]);
    if (!checked.success) errors[field] = checked.error.issues[0]?.message ?? "validation.invalid";
  }
  return errors;
}
