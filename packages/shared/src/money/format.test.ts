import { describe, expect, it } from "vitest";
import { CURRENCIES, CURRENCY_CODES, getCurrency, isCurrencyCode } from "./currencies.js";
import { excelMoneyFormat, formatMoney, majorUnits, minorUnitFactor, minorUnits, parseMoney } from "./format.js";

/** The 51 ISO codes named in spec §9, in the spec's order. */
const SPEC_ISO_CODES = [
  "CNY",
  "HKD",
  "TWD",
  "JPY",
  "KRW",
  "MYR",
  "SGD",
  "IDR",
  "THB",
  "PHP",
  "VND",
  "KHR",
  "MVR",
  "ILS",
  "TRY",
  "INR",
  "BND",
  "LAK",
  "USD",
  "AED",
  "LKR",
  "EUR",
  "BGN",
  "HRK",
  "CZK",
  "DKK",
  "GBP",
  "HUF",
  "ISK",
  "NOK",
  "PLN",
  "SEK",
  "CHF",
  "RON",
  "UAH",
  "CAD",
  "MXN",
  "PYG",
  "CRC",
  "DOP",
  "ZAR",
  "ETB",
  "TZS",
  "NGN",
  "DZD",
  "EGP",
  "AUD",
  "NZD",
  "ARS",
  "MNT",
  "BRL",
] as const;

/** Spec §9 internal units: EQL (1.00) has decimals, EQB (100) has none. */
const INTERNAL_CODES = ["EQL", "EQB"] as const;

/** Spec §9 "Currencies without decimals include ...". */
const NO_DECIMAL_CODES: readonly string[] = [
  "TWD",
  "JPY",
  "KRW",
  "IDR",
  "THB",
  "VND",
  "KHR",
  "HUF",
  "PYG",
  "ARS",
  "MNT",
  "EQB",
];

const hasDecimals = (code: string): boolean => !NO_DECIMAL_CODES.includes(code);
const thousandsOf = (code: string): string => (code === "IDR" ? "." : ",");

/** What 123456 (minor units) must look like without the symbol, derived from the spec, not the table. */
function expectedSample(code: string): string {
  const sep = thousandsOf(code);
  return hasDecimals(code) ? `1${sep}234.56` : `123${sep}456`;
}

describe("currency table (spec §9)", () => {
  it("holds exactly the 51 ISO codes named in §9 plus EQL and EQB, each once", () => {
    expect(SPEC_ISO_CODES).toHaveLength(51);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    expect([...CURRENCY_CODES].sort()).toEqual([...SPEC_ISO_CODES, ...INTERNAL_CODES].sort());
    expect(CURRENCY_CODES).toHaveLength(53);
    expect([...CURRENCIES.keys()].sort()).toEqual([...CURRENCY_CODES].sort());
  });

  it("marks exactly the §9 no-decimal list as having no decimals", () => {
    const noDecimals = CURRENCY_CODES.filter((code) => !getCurrency(code).decimals);
    expect([...noDecimals].sort()).toEqual([...NO_DECIMAL_CODES].sort());
    expect(getCurrency("EQL").decimals).toBe(true);
    expect(getCurrency("EQB").decimals).toBe(false);
  });

  it("gives every currency a non-empty symbol, name and country, keyed by its own code", () => {
    for (const code of CURRENCY_CODES) {
      const c = getCurrency(code);
      expect(c.code).toBe(code);
      expect(c.symbol.trim()).not.toBe("");
      expect(c.name.trim()).not.toBe("");
      expect(c.country.trim()).not.toBe("");
    }
  });

  it("knows its codes and refuses unknown ones", () => {
    expect(isCurrencyCode("MYR")).toBe(true);
    expect(isCurrencyCode("XXX")).toBe(false);
    expect(isCurrencyCode("myr")).toBe(false);
    expect(() => getCurrency("XXX")).toThrow(/XXX/);
    expect(() => formatMoney(100, "XXX")).toThrow();
    expect(() => parseMoney("1", "XXX")).toThrow();
  });
});

describe.each(CURRENCY_CODES.map((code) => [code] as const))("formatMoney / parseMoney for %s", (code) => {
  const { symbol } = getCurrency(code);
  const decimals = hasDecimals(code);
  const sample = expectedSample(code);

  it(`formats 123456 minor units with ${decimals ? "2 decimals" : "no decimals"} after the symbol and a space`, () => {
    expect(formatMoney(123456, code)).toBe(`${symbol} ${sample}`);
  });

  it("hides the symbol for hideSymbol true or '1' and shows it for '0', false or no option", () => {
    expect(formatMoney(123456, code, { hideSymbol: true })).toBe(sample);
    expect(formatMoney(123456, code, { hideSymbol: "1" })).toBe(sample);
    expect(formatMoney(123456, code, { hideSymbol: "0" })).toBe(`${symbol} ${sample}`);
    expect(formatMoney(123456, code, { hideSymbol: false })).toBe(`${symbol} ${sample}`);
    expect(formatMoney(123456, code, {})).toBe(`${symbol} ${sample}`);
  });

  it("formats negative amounts with a leading minus", () => {
    expect(formatMoney(-123456, code)).toBe(`-${symbol} ${sample}`);
    expect(formatMoney(-123456, code, { hideSymbol: true })).toBe(`-${sample}`);
    expect(formatMoney(-5, code, { hideSymbol: true })).toBe(decimals ? "-0.05" : "-5");
  });

  it("formats zero and small amounts", () => {
    expect(formatMoney(0, code)).toBe(`${symbol} ${decimals ? "0.00" : "0"}`);
    expect(formatMoney(-0, code, { hideSymbol: true })).toBe(decimals ? "0.00" : "0");
    expect(formatMoney(7, code, { hideSymbol: true })).toBe(decimals ? "0.07" : "7");
    expect(formatMoney(100, code, { hideSymbol: true })).toBe(decimals ? "1.00" : "100");
  });

  it("accepts bigint input, including amounts beyond Number.MAX_SAFE_INTEGER", () => {
    expect(formatMoney(123456n, code)).toBe(formatMoney(123456, code));
    expect(formatMoney(-123456n, code)).toBe(`-${symbol} ${sample}`);
    const sep = thousandsOf(code);
    const big = ["123", "456", "789", "012", "345", "678", "901"].join(sep);
    expect(formatMoney(123456789012345678901n, code, { hideSymbol: true })).toBe(
      decimals ? `${["1", "234", "567", "890", "123", "456", "789"].join(sep)}.01` : big,
    );
  });

  it("has a minor-unit factor of 100 with decimals and 1 without", () => {
    expect(minorUnitFactor(code)).toBe(decimals ? 100 : 1);
  });

  it("parses its own output back (symbol removed) to the same minor amount", () => {
    for (const amount of [0, 1, 9, 10, 99, 100, 101, 999, 1000, 123456, 100000000, 987654321, -1, -99, -123456]) {
      const withSymbol = formatMoney(amount, code);
      const stripped = withSymbol.replace(`${symbol} `, "");
      expect(stripped).not.toContain(symbol);
      expect(parseMoney(stripped, code)).toBe(amount);
      expect(parseMoney(formatMoney(amount, code, { hideSymbol: true }), code)).toBe(amount);
    }
  });

  it("rejects letters, empty input and stray signs", () => {
    for (const bad of ["", " ", "abc", "12a", "a12", "1e3", "--1", "1-", "+-1", "12 34", symbol]) {
      expect(parseMoney(bad, code), JSON.stringify(bad)).toBeNull();
    }
  });

  if (decimals) {
    it("parses 1 or 2 decimals and rejects 3", () => {
      expect(parseMoney("12.5", code)).toBe(1250);
      expect(parseMoney("12.05", code)).toBe(1205);
      expect(parseMoney(" 1,200.00 ", code)).toBe(120000);
      expect(parseMoney("-0.5", code)).toBe(-50);
      expect(parseMoney("7", code)).toBe(700);
      expect(parseMoney("1.234", code)).toBeNull();
      expect(parseMoney("0.001", code)).toBeNull();
      expect(parseMoney("12.", code)).toBeNull();
    });
  } else {
    it("rejects any decimal part", () => {
      const decimalSep = code === "IDR" ? "," : ".";
      expect(parseMoney(`12${decimalSep}5`, code)).toBeNull();
      expect(parseMoney(`12${decimalSep}50`, code)).toBeNull();
      expect(parseMoney(`1${thousandsOf(code)}234${decimalSep}00`, code)).toBeNull();
      expect(parseMoney("7", code)).toBe(7);
      expect(parseMoney(`-1${thousandsOf(code)}500`, code)).toBe(-1500);
    });
  }
});

describe("IDR (spec §9: dot as thousands separator)", () => {
  it("formats with dots", () => {
    expect(formatMoney(1234567, "IDR")).toBe("Rp 1.234.567");
    expect(formatMoney(1234567, "IDR", { hideSymbol: "1" })).toBe("1.234.567");
  });

  it("parses dotted input as whole rupiah", () => {
    expect(parseMoney("15.000", "IDR")).toBe(15000);
    expect(parseMoney("1.234.567", "IDR")).toBe(1234567);
  });
});

describe("spot checks from the spec's examples", () => {
  it("shows USD and MYR with 2 decimals and JPY, KRW, VND without", () => {
    expect(formatMoney(123456, "USD")).toBe("$ 1,234.56");
    expect(formatMoney(123456, "MYR")).toBe("RM 1,234.56");
    expect(formatMoney(123456, "JPY", { hideSymbol: true })).toBe("123,456");
    expect(formatMoney(123456, "KRW", { hideSymbol: true })).toBe("123,456");
    expect(formatMoney(123456, "VND", { hideSymbol: true })).toBe("123,456");
  });

  it("truncates a fractional number input toward zero instead of inventing sub-minor units", () => {
    expect(formatMoney(123.9, "USD", { hideSymbol: true })).toBe("1.23");
    expect(formatMoney(-123.9, "USD", { hideSymbol: true })).toBe("-1.23");
  });
});

describe("money in a spreadsheet", () => {
  it("is a figure in whole units, with as many decimals as the currency table gives it", () => {
    expect(majorUnits(123456, "MYR")).toBe(1234.56);
    expect(majorUnits(-5, "MYR")).toBe(-0.05);
    expect(majorUnits(1250, "THB")).toBe(1250);
    expect(majorUnits(15000, "IDR")).toBe(15000);
  });

  it("becomes minor units again: RM 7 is 700 sen, ฿50 is 50 baht, rounded to the minor unit", () => {
    expect(minorUnits(7, "MYR")).toBe(700);
    expect(minorUnits(12.345, "MYR")).toBe(1235);
    expect(minorUnits(50, "THB")).toBe(50);
    expect(minorUnits(49.6, "THB")).toBe(50);
    expect(minorUnits(majorUnits(123456, "MYR"), "MYR")).toBe(123456);
    expect(() => minorUnits(Number.NaN, "MYR")).toThrow(RangeError);
  });

  it("shows as formatMoney writes it: the symbol and a space before the grouped figure, unless hidden", () => {
    expect(excelMoneyFormat("MYR")).toBe('"RM "#,##0.00');
    expect(excelMoneyFormat("THB")).toBe('"฿ "#,##0');
    expect(excelMoneyFormat("IDR")).toBe('"Rp "#,##0');
    expect(excelMoneyFormat("DKK")).toBe('"kr. "#,##0.00');
    expect(excelMoneyFormat("MYR", { hideSymbol: true })).toBe("#,##0.00");
    expect(excelMoneyFormat("THB", { hideSymbol: "1" })).toBe("#,##0");
  });
});
