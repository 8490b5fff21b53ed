import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LEVEL, LEVEL_TITLE_KEY } from "../access/levels.js";
import { APP_ROLES, PERMISSION_TREE } from "../access/permissions.js";
import { MENU_GROUPS, ROUTES } from "../access/routes.js";
import { ALL_ENDPOINTS, endpointId } from "../api/registry.js";
import { ERROR_CODES } from "../errors.js";
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from "../languages.js";

const LOCALES_DIR = join(import.meta.dirname, "locales");

/** Flattens a nested catalogue to dotted keys; non-object leaves are kept as they are. */
function flatten(node: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (node !== null && typeof node === "object" && !Array.isArray(node)) {
    for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

function loadCatalogue(code: string): Map<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), "utf8"));
  return flatten(parsed, "", new Map());
}

const catalogues = new Map<LanguageCode, Map<string, unknown>>(
  LANGUAGE_CODES.map((code) => [code, loadCatalogue(code)]),
);

function catalogue(code: LanguageCode): Map<string, unknown> {
  const c = catalogues.get(code);
  if (!c) throw new Error(`no catalogue for ${code}`);
  return c;
}

const en = catalogue("en");
const enKeys = [...en.keys()];

function enValue(key: string): string {
  const v = en.get(key);
  if (typeof v !== "string") throw new Error(`en.json ${key} is not a string`);
  return v;
}

/** The {{placeholder}} names in a value, sorted (a multiset: repeats count). */
function placeholders(value: string): string[] {
  return [...value.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? "").sort();
}

/** Braces left over once every {{placeholder}} is removed: a broken placeholder. */
function strayBraces(value: string): boolean {
  return /[{}]/.test(value.replace(/\{\{\s*[^{}]*?\s*\}\}/g, ""));
}

const NON_EN: readonly LanguageCode[] = LANGUAGE_CODES.filter((c) => c !== "en");
const ALL_NON_EN: readonly LanguageCode[] = NON_EN;
const NOT_CHINESE: readonly LanguageCode[] = NON_EN.filter((c) => c !== "zh-cn" && c !== "zh-tw");

/**
 * English values a translation may keep unchanged, and the only languages where that is allowed.
 * Brand names stay as they are (except where a language has its own established name, e.g. the
 * Chinese names of WeChat Pay and Alipay); a few words are genuinely the same in some languages.
 */
const SAME_AS_ENGLISH_ALLOWED: ReadonlyMap<string, readonly LanguageCode[]> = new Map([
  ["Washboard", ALL_NON_EN],
  ["FOMO", ALL_NON_EN],
  ["PayPal", ALL_NON_EN],
  ["Revenue Monster", ALL_NON_EN],
  ["LINE Pay", ALL_NON_EN],
  ["iyzipay", ALL_NON_EN],
  ["GB Prime Pay", ALL_NON_EN],
  ["Gkash", ALL_NON_EN],
  ["QRIS", ALL_NON_EN],
  ["Xendit", ALL_NON_EN],
  ["ABA Pay", ALL_NON_EN],
  ["Pocket", ALL_NON_EN],
  ["Stripe", ALL_NON_EN],
  ["Razer DuitNow", ALL_NON_EN],
  ["WeChat Pay", NOT_CHINESE],
  ["Alipay", NOT_CHINESE],
  ["OK", ["de", "fr", "pt-pt", "it"]],
  ["No", ["es", "it"]],
  ["Roles", ["es"]],
  ["Console", ["fr"]],
  ["Actions", ["fr"]],
  ["Promotions", ["fr"]],
  ["Options", ["fr"]],
  ["Password", ["it"]],
  ["Firmware", ["es", "de", "pt-pt", "it"]],
  ["Firmware (OTA)", ["es", "de", "pt-pt", "it"]],
  // The name of the hash, as every language writes it.
  ["SHA-256", ALL_NON_EN],
]);

describe("catalogue files", () => {
  it("are exactly the twelve interface languages, English the default", () => {
    expect(LANGUAGE_CODES).toHaveLength(12);
    expect(DEFAULT_LANGUAGE).toBe("en");
    const files = readdirSync(LOCALES_DIR)
      .filter((f) => f.endsWith(".json"))
      .map((f) => f.slice(0, -5));
    expect(files.sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it("en.json is not empty", () => {
    expect(enKeys.length).toBeGreaterThan(100);
  });
});

describe.each(LANGUAGE_CODES.map((code) => [code] as const))("catalogue %s", (code) => {
  const cat = catalogue(code);

  it("has exactly the keys of en.json", () => {
    const missing = enKeys.filter((k) => !cat.has(k));
    const extra = [...cat.keys()].filter((k) => !en.has(k));
    expect({ missing, extra }, `${code}.json differs from en.json`).toEqual({ missing: [], extra: [] });
  });

  it("has a non-empty string for every key", () => {
    const bad = [...cat.entries()]
      .filter(([, v]) => typeof v !== "string" || v.trim() === "")
      .map(([k, v]) => `${k} = ${JSON.stringify(v)}`);
    expect(bad, `${code}.json has empty or non-string values`).toEqual([]);
  });

  it("uses the same {{placeholders}} as en.json for every key, with no broken braces", () => {
    const mismatched: string[] = [];
    for (const [key, value] of cat) {
      if (typeof value !== "string" || !en.has(key)) continue;
      const want = placeholders(enValue(key));
      const got = placeholders(value);
      if (want.join("|") !== got.join("|") || strayBraces(value)) {
        mismatched.push(`${key}: ${JSON.stringify(value)} (en: ${JSON.stringify(enValue(key))})`);
      }
    }
    expect(mismatched, `${code}.json placeholders differ from en.json`).toEqual([]);
  });

  if (code !== "en") {
    it("translates every value, except allowed brand names and shared words", () => {
      const untranslated: string[] = [];
      for (const [key, value] of cat) {
        if (!en.has(key) || value !== en.get(key)) continue;
        const allowedIn = typeof value === "string" ? SAME_AS_ENGLISH_ALLOWED.get(value) : undefined;
        if (!allowedIn?.includes(code)) untranslated.push(`${key} = ${JSON.stringify(value)}`);
      }
      expect(untranslated, `${code}.json has values identical to English`).toEqual([]);
    });
  }
});

describe("the allow list of values identical to English", () => {
  it("only names English values that exist, for non-English languages", () => {
    const enValues = new Set([...en.values()]);
    for (const [value, langs] of SAME_AS_ENGLISH_ALLOWED) {
      expect(enValues.has(value), value).toBe(true);
      expect(langs.length, value).toBeGreaterThan(0);
      expect(langs, value).not.toContain("en");
    }
  });
});

describe("keys the code looks up exist in en.json", () => {
  const expectKeys = (keys: readonly string[], what: string) => {
    const missing = keys.filter((k) => typeof en.get(k) !== "string");
    expect(missing, `${what} missing from en.json`).toEqual([]);
  };

  it("every route titleKey", () => {
    expect(ROUTES.length).toBeGreaterThan(0);
    expectKeys(
      ROUTES.map((r) => r.titleKey),
      "route titles",
    );
  });

  it("every menu group", () => {
    expectKeys(
      MENU_GROUPS.map((g) => `menu.${g}`),
      "menu groups",
    );
  });

  it("every mutating call's operation-log label (actions.<its contract's log>), so the log never shows a raw id", () => {
    const missing = ALL_ENDPOINTS.filter((contract) => contract.mutates)
      .map((contract) => `actions.${contract.log ?? endpointId(contract)}`)
      .filter((key) => !en.has(key));
    expect(missing).toEqual([]);
  });

  it("every error code", () => {
    expect(ERROR_CODES.length).toBeGreaterThan(0);
    expectKeys(
      ERROR_CODES.map((c) => `errors.${c}`),
      "error codes",
    );
  });

  it("every level", () => {
    expectKeys(
      Object.values(LEVEL).map((n) => `levels.${n}`),
      "levels",
    );
    expectKeys(Object.values(LEVEL_TITLE_KEY), "console level titles");
  });

  it("every permission group and leaf key, and the app roles", () => {
    expectKeys(
      PERMISSION_TREE.flatMap((g) => [g.key, ...g.leaves]).map((k) => `permissions.${k}`),
      "permission keys",
    );
    expectKeys(["permissions.app_role", ...APP_ROLES.map((r) => `permissions.${r}`)], "app roles");
  });
});
