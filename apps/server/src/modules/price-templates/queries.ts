import { asc, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { countReferring, type Ref, refSql, valueOfRow } from "../../platform/db/related.js";
import { priceTemplateOptions, priceTemplates } from "./tables.js";

/** What other modules may know of price templates. */

/** How many price templates the vendor `ref` names holds (amounts in its currency). */
export const priceTemplateCountOfVendor = (ref: Ref) => countReferring(priceTemplates.vendorId, ref);

/** The model name of the price template `ref` names, per row of another module's list. */
export const priceTemplateNameOf = (ref: Ref) => valueOfRow<string>(priceTemplates.modelName, priceTemplates.id, ref);

/**
 * The most a cycle of the template `ref` names can cost: its price with every option of its
 * second-level menu added (minor units), or null when the row names no template.
 */
export function priceTemplateTopPriceOf(ref: Ref): SQL<number | null> {
  const id = refSql(ref);
  return sql<
    number | null
  >`(select ${qualified(priceTemplates.price)} + coalesce((select sum(${qualified(priceTemplateOptions.addedPrice)})
    from ${priceTemplateOptions} where ${qualified(priceTemplateOptions.templateId)} = ${qualified(priceTemplates.id)}), 0)
    from ${priceTemplates} where ${qualified(priceTemplates.id)} = ${id})`;
}

/** Templates with their second-level menus, by id (what a customer chooses from on the pay page). */
export async function templatesWithOptions(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, TemplateWithOptions>();
  const [templates, options] = await Promise.all([
    db
      .select()
      .from(priceTemplates)
      .where(inArray(priceTemplates.id, [...ids])),
    db
      .select()
      .from(priceTemplateOptions)
      .where(inArray(priceTemplateOptions.templateId, [...ids]))
      .orderBy(asc(priceTemplateOptions.position)),
  ]);
  return new Map(
    templates.map((t) => [
      t.id,
      {
        name: t.modelName,
        price: t.price,
        minutes: t.estimatedMinutes,
        options: options
          .filter((o) => o.templateId === t.id)
          .map((o) => ({ name: o.name, addedPrice: o.addedPrice, addedMinutes: o.addedMinutes })),
      },
    ]),
  );
}

export interface TemplateWithOptions {
  name: string;
  price: number;
  minutes: number;
  options: { name: string; addedPrice: number; addedMinutes: number }[];
}

/** A program a machine on a template offers: the template's own ("" option) or one option added. */
export interface TemplateProgram {
  option: string;
  name: string;
  /** The list price (minor units), before any time-of-day price or promotion. */
  price: number;
  minutes: number;
}

/** The programs of a template, its own first then one per option, as a customer chooses them. */
export function programsOf(template: TemplateWithOptions | undefined): TemplateProgram[] {
  if (!template) return [];
  return [
    { option: "", name: template.name, price: template.price, minutes: template.minutes },
    ...template.options.map((o) => ({
      option: o.name,
      name: `${template.name} + ${o.name}`,
      price: template.price + o.addedPrice,
      minutes: template.minutes + o.addedMinutes,
    })),
  ];
}
