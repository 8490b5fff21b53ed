import { MACHINE_VALUE_MAX, PARAM_NAME_PATTERN } from "@washboard/device-protocol";

/**
 * How a price template reaches a machine: as parameters of its shadow (docs/device-protocol.md,
 * "Price templates as parameters"). A machine value is a 16-bit register below 65535, so an amount
 * in minor units travels as two words, `<name>_lo` (amount mod 65536) and `<name>_hi` (amount div
 * 65536), as machines with 16-bit registers read 32-bit values; 70,000 dong is hi 1, lo 4464.
 */

/** The largest amount two words carry. */
export const TEMPLATE_AMOUNT_MAX = 0xffff_ffff;

/** Names the template fills itself; a template's extra parameters may not take them. */
export const RESERVED_TEMPLATE_PARAM = /^(price|display_price|program_minutes|option_count|opt\d+_\w+)(_lo|_hi)?$/;

export interface TemplateForMachine {
  price: number;
  display_price: number;
  estimated_minutes: number;
  extra_params: string;
  options: readonly { added_price: number; added_minutes: number }[];
}

/** One `name=value` line of a template's extra parameters, or why it is not one. */
export type ExtraParamLine = { name: string; value: number } | { error: "format" | "reserved" };

/** Reads one line of extra parameters: a protocol name, "=", a machine value. */
export function parseExtraParamLine(line: string): ExtraParamLine {
  const match = /^\s*([^=\s]+)\s*=\s*(\d{1,5})\s*$/.exec(line);
  const name = match?.[1] ?? "";
  const value = Number(match?.[2]);
  if (!match || !PARAM_NAME_PATTERN.test(name) || value > MACHINE_VALUE_MAX) return { error: "format" };
  if (RESERVED_TEMPLATE_PARAM.test(name)) return { error: "reserved" };
  return { name, value };
}

/** The non-empty lines of a template's extra parameters. */
export const extraParamLines = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== "");

/** Whether every line of the extra parameters is a parameter a machine accepts. */
export const extraParamsValid = (text: string) =>
  extraParamLines(text).every((line) => !("error" in parseExtraParamLine(line)));

function words(name: string, amount: number): Record<string, number> {
  if (!Number.isInteger(amount) || amount < 0 || amount > TEMPLATE_AMOUNT_MAX) {
    throw new RangeError(`${name} ${amount} does not fit two machine words`);
  }
  return { [`${name}_lo`]: amount % 0x1_0000, [`${name}_hi`]: Math.floor(amount / 0x1_0000) };
}

/**
 * The parameters a machine running `template` is given: program time, price and display price,
 * each option's added price and time (1-based, in menu order), then the extra parameters.
 */
export function templateParams(template: TemplateForMachine): Record<string, number> {
  const params: Record<string, number> = {
    program_minutes: template.estimated_minutes,
    ...words("price", template.price),
    ...words("display_price", template.display_price),
    option_count: template.options.length,
  };
  template.options.forEach((option, index) => {
    Object.assign(params, words(`opt${index + 1}_price`, option.added_price), {
      [`opt${index + 1}_minutes`]: option.added_minutes,
    });
  });
  for (const line of extraParamLines(template.extra_params)) {
    const parsed = parseExtraParamLine(line);
    if ("error" in parsed) throw new RangeError(`extra parameter line "${line}" is not name=value`);
    params[parsed.name] = parsed.value;
  }
  return params;
}

/** What a machine's parameters are: a name and a 16-bit value each (device protocol). */
export type MachineParamValues = Readonly<Record<string, number | undefined>>;

/**
 * An amount a machine holds as two words, `<name>_lo` and `<name>_hi` (the inverse of how
 * `templateParams` writes it), in minor units; null when it holds no `<name>_lo`.
 */
export function amountOfWords(params: MachineParamValues, name: string): number | null {
  const lo = params[`${name}_lo`];
  if (lo === undefined) return null;
  return (params[`${name}_hi`] ?? 0) * 0x1_0000 + lo;
}

/** A price template as a machine reads it back from its parameters; amounts in minor units. */
export interface TemplateOnMachine {
  price: number;
  display_price: number | null;
  /** Null when the parameters carry no `program_minutes`. */
  estimated_minutes: number | null;
  options: { added_price: number; added_minutes: number }[];
}

/**
 * The price template a machine runs, read from its parameters as `templateParams` wrote them (the
 * one way back from words to amounts); null when the parameters carry no price, that is no template.
 */
export function templateOfParams(params: MachineParamValues): TemplateOnMachine | null {
  const price = amountOfWords(params, "price");
  if (price === null) return null;
  const options: TemplateOnMachine["options"] = [];
  for (let n = 1; n <= (params.option_count ?? 0); n++) {
    options.push({
      added_price: amountOfWords(params, `opt${n}_price`) ?? 0,
      added_minutes: params[`opt${n}_minutes`] ?? 0,
    });
  }
  return {
    price,
    display_price: amountOfWords(params, "display_price"),
    estimated_minutes: params.program_minutes ?? null,
    options,
  };
}
