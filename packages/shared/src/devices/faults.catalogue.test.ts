import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGE_CODES } from "../languages.js";
import { describeFault, FAULT_FAMILIES, type FaultFamily, UNKNOWN_FAULT_KEY } from "./faults.js";

const LOCALES_DIR = join(import.meta.dirname, "../i18n/locales");

/** The value at a dotted catalogue key, as i18next reads it. */
function lookUp(catalogue: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>(
      (node, part) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
      catalogue,
    );
}

const isText = (value: unknown) => typeof value === "string" && value.trim() !== "";

describe.each(LANGUAGE_CODES.map((code) => [code] as const))("the %s catalogue's fault texts", (code) => {
  const catalogue: unknown = JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), "utf8"));

  it("give every code of every family its meaning and first check", () => {
    const missing: string[] = [];
    for (const family of Object.keys(FAULT_FAMILIES) as FaultFamily[]) {
      for (const fault of FAULT_FAMILIES[family]) {
        for (const text of ["meaning", "check"]) {
          const key = `faults.${family}.${fault}.${text}`;
          if (!isText(lookUp(catalogue, key))) missing.push(key);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("say a code is not listed, naming it", () => {
    expect(lookUp(catalogue, UNKNOWN_FAULT_KEY)).toMatch(/\{\{code\}\}/);
  });

  it("hold no texts for codes the catalogue does not list", () => {
    const section = lookUp(catalogue, "faults") as Record<string, unknown>;
    const families = Object.keys(section).filter((k) => k !== "unknown");
    expect(families.sort()).toEqual(Object.keys(FAULT_FAMILIES).sort());
    for (const family of families as FaultFamily[]) {
      expect(Object.keys(section[family] as object).sort(), family).toEqual([...FAULT_FAMILIES[family]].sort());
    }
  });

  it("are the keys describeFault answers", () => {
    const fault = describeFault("washer", "DRAIN");
    if (!fault.known) throw new Error("DRAIN is a washer's code");
    expect(isText(lookUp(catalogue, fault.meaningKey))).toBe(true);
    expect(isText(lookUp(catalogue, fault.checkKey))).toBe(true);
  });
});
