import type { RuleObject } from "antd/es/form";
import { expect } from "vitest";
import { zodRule } from "../app/forms/zod-rule";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../app/i18n";

/** Runs a form rule as Ant Design does: undefined when the value passes, else the message shown. */
export async function ruleMessage(rule: RuleObject, value: unknown): Promise<string | undefined> {
  try {
    await rule.validator?.(rule, value, () => {});
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The message a shared zod field's form rule shows for a value, or undefined when it passes. */
export const message = (schema: Parameters<typeof zodRule>[0], value: unknown) =>
  ruleMessage(zodRule(schema) as RuleObject, value);

/** Runs a form rule the way Ant Design does: true when the value passes, false when it is refused. */
export async function passes(schema: Parameters<typeof zodRule>[0], value: unknown): Promise<boolean> {
  const shown = await message(schema, value);
  // The browser shows the same translated message the server's message_key names.
  if (shown !== undefined) expect(shown).not.toMatch(/^validation\./);
  return shown === undefined;
}

/** A catalogue text in the active language. */
export const key = (k: string, params?: Record<string, unknown>) => i18next.t(k, params);

/** Form messages in English, as the server answers them. */
export async function useEnglishCatalogue(): Promise<void> {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
}
