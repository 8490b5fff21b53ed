/**
 * Currency table of spec §9, keyed by ISO code: country, English currency name, symbol, and
 * whether the currency has decimals. Decimal currencies travel and are stored in minor units
 * (×100); the others in whole units. EQL and EQB are the platform's internal units.
 *
 * The spec counts 55 codes but names 51 (plus EQL and EQB); this table holds exactly the named ones.
 */
export interface Currency {
  code: string;
  country: string;
  name: string;
  symbol: string;
  decimals: boolean;
}

type Row = readonly [code: string, country: string, name: string, symbol: string, decimals: boolean];

const ROWS: readonly Row[] = [
  ["CNY", "China", "Chinese Yuan", "¥", true],
  ["HKD", "Hong Kong", "Hong Kong Dollar", "HK$", true],
  ["TWD", "Taiwan", "New Taiwan Dollar", "NT$", false],
  ["JPY", "Japan", "Japanese Yen", "JP¥", false],
  ["KRW", "South Korea", "South Korean Won", "₩", false],
  ["MYR", "Malaysia", "Malaysian Ringgit", "RM", true],
  ["SGD", "Singapore", "Singapore Dollar", "S$", true],
  ["IDR", "Indonesia", "Indonesian Rupiah", "Rp", false],
  ["THB", "Thailand", "Thai Baht", "฿", false],
  ["PHP", "Philippines", "Philippine Peso", "₱", true],
  ["VND", "Vietnam", "Vietnamese Dong", "₫", false],
  ["KHR", "Cambodia", "Cambodian Riel", "៛", false],
  ["MVR", "Maldives", "Maldivian Rufiyaa", "Rf", true],
  ["ILS", "Israel", "Israeli New Shekel", "₪", true],
  ["TRY", "Türkiye", "Turkish Lira", "₺", true],
  ["INR", "India", "Indian Rupee", "₹", true],
  ["BND", "Brunei", "Brunei Dollar", "B$", true],
  ["LAK", "Laos", "Lao Kip", "₭", true],
  ["USD", "United States", "US Dollar", "$", true],
  ["AED", "United Arab Emirates", "UAE Dirham", "AED", true],
  ["LKR", "Sri Lanka", "Sri Lankan Rupee", "Rs", true],
  ["EUR", "Eurozone", "Euro", "€", true],
  ["BGN", "Bulgaria", "Bulgarian Lev", "лв", true],
  ["HRK", "Croatia", "Croatian Kuna", "kn", true],
  ["CZK", "Czechia", "Czech Koruna", "Kč", true],
  ["DKK", "Denmark", "Danish Krone", "kr.", true],
  ["GBP", "United Kingdom", "Pound Sterling", "£", true],
  ["HUF", "Hungary", "Hungarian Forint", "Ft", false],
  ["ISK", "Iceland", "Icelandic Króna", "ISK", true],
  ["NOK", "Norway", "Norwegian Krone", "NOK", true],
  ["PLN", "Poland", "Polish Złoty", "zł", true],
  ["SEK", "Sweden", "Swedish Krona", "SEK", true],
  ["CHF", "Switzerland", "Swiss Franc", "CHF", true],
  ["RON", "Romania", "Romanian Leu", "lei", true],
  ["UAH", "Ukraine", "Ukrainian Hryvnia", "₴", true],
  ["CAD", "Canada", "Canadian Dollar", "CA$", true],
  ["MXN", "Mexico", "Mexican Peso", "MX$", true],
  ["PYG", "Paraguay", "Paraguayan Guaraní", "₲", false],
  ["CRC", "Costa Rica", "Costa Rican Colón", "₡", true],
  ["DOP", "Dominican Republic", "Dominican Peso", "RD$", true],
  ["ZAR", "South Africa", "South African Rand", "R", true],
  ["ETB", "Ethiopia", "Ethiopian Birr", "Br", true],
  ["TZS", "Tanzania", "Tanzanian Shilling", "TSh", true],
  ["NGN", "Nigeria", "Nigerian Naira", "₦", true],
  ["DZD", "Algeria", "Algerian Dinar", "DA", true],
  ["EGP", "Egypt", "Egyptian Pound", "E£", true],
  ["AUD", "Australia", "Australian Dollar", "A$", true],
  ["NZD", "New Zealand", "New Zealand Dollar", "NZ$", true],
  ["ARS", "Argentina", "Argentine Peso", "AR$", false],
  ["MNT", "Mongolia", "Mongolian Tögrög", "₮", false],
  ["BRL", "Brazil", "Brazilian Real", "R$", true],
  ["EQL", "Platform", "Internal unit EQL (1.00)", "EQL", true],
  ["EQB", "Platform", "Internal unit EQB (100)", "EQB", false],
];

export const CURRENCIES: ReadonlyMap<string, Currency> = new Map(
  ROWS.map(([code, country, name, symbol, decimals]) => [code, { code, country, name, symbol, decimals }]),
);

export const CURRENCY_CODES: readonly string[] = ROWS.map((r) => r[0]);

export function isCurrencyCode(code: string): boolean {
  return CURRENCIES.has(code);
}

export function getCurrency(code: string): Currency {
  const currency = CURRENCIES.get(code);
  if (!currency) throw new Error(`Unknown currency ${code}`);
  return currency;
}
