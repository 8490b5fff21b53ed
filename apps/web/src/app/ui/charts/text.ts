/**
 * Text sizes without a layout pass: the charts place their labels before the browser has drawn
 * them (and the unit tests have no layout at all), so widths are estimated from the characters.
 * Generous on purpose — an estimate too wide thins a label that would have fitted, one too narrow
 * lets two labels overlap.
 */

/** Wide characters (CJK, Hangul, full-width forms) take about a full em; Latin text about 0.6. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

/** The width `text` takes at `fontSize` pixels. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += WIDE.test(char) ? 1 : 0.6;
  return ems * fontSize;
}

/** `text` cut to `width` pixels with an ellipsis, or whole when it fits. */
export function truncate(text: string, width: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= width) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join("")}…`, fontSize) > width) chars.pop();
  return chars.length > 0 ? `${chars.join("")}…` : "";
}
