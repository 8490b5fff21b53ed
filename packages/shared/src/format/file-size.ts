const UNITS = ["B", "KB", "MB", "GB"] as const;

/**
 * File sizes as bytes, KB, MB or GB (spec §9), base 1024, at most one decimal; in the reader's
 * number format when `language` is given ("1,5 MB" in German).
 */
export function formatFileSize(bytes: number, language?: string): string {
  let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  let unit = 0;
  // Compare the rounded value, so 1,048,575 bytes reads "1 MB" rather than "1024 KB".
  const rounded = (v: number, u: number) => (u === 0 ? Math.round(v) : Math.round(v * 10) / 10);
  while (rounded(value, unit) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const figure = rounded(value, unit);
  const text = language ? new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(figure) : String(figure);
  return `${text} ${UNITS[unit]}`;
}
