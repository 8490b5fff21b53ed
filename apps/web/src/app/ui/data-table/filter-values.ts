/**
 * A filter bar's values as a list call takes them: text trimmed, and nothing for a field left empty
 * (blank text, a cleared select). A field whose empty value means something else is the screen's to
 * turn into its filter.
 */
export function presentFilters<Values extends object>(values: Values): Partial<Values> {
  const present: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(values)) {
    const value = typeof raw === "string" ? raw.trim() : raw;
    if (value !== undefined && value !== null && value !== "") present[name] = value;
  }
  return present as Partial<Values>;
}
