import type { RuleObject } from "antd/es/form";
import { expect } from "vitest";
import { zodRule } from "../app/forms/zod-rule";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../app/i18n";

/** Runs a form rule the way Ant Design does: true when the value passes, false when it is refused. */
export async function passes(schema: Parameters<typeof zodRule>[0], value: unknown): Promise<boolean> {
  const rule = zodRule(schema) as RuleObject;
  try {
    await rule.validator?.(rule, value, () => {});
    return true;
  } catch (error) {
    // The browser shows the same translated message the server's message_key names.
    expect((error as Error).message).not.toMatch(/^validation\./);
    return false;
  }
}

/** Form messages in English, as the server answers them. */
export async function useEnglishCatalogue(): Promise<void> {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
}
