import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { consoleTheme } from "./console-theme";
import { PALETTE } from "./palette";

/** WCAG 2.2 contrast of two colours, `#rrggbb` or `rgba(r, g, b, a)` laid over `under`. */
function rgbOf(colour: string, under: readonly number[] = [255, 255, 255]): number[] {
  if (colour.startsWith("#")) return [1, 3, 5].map((i) => Number.parseInt(colour.slice(i, i + 2), 16));
  const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
  return [r ?? 0, g ?? 0, b ?? 0].map((c, i) => c * a + (under[i] ?? 255) * (1 - a));
}
const luminance = (rgb: number[]) => {
  const [r = 0, g = 0, b = 0] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
function contrast(text: string, background: string): number {
  const bg = rgbOf(background);
  const [light, dark] = [luminance(rgbOf(text, bg)), luminance(bg)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const token = consoleTheme(PALETTE.primary).token as Record<string, string>;

describe("colour contrast of what axe cannot judge or the library sets (WCAG 2.2 AA, 4.5:1 for text)", () => {
  it("orange tags (a refunded order) read at 4.5:1 on their light orange", () => {
    expect(contrast(token.orange7 ?? "", "#fff7e6")).toBeGreaterThanOrEqual(4.5);
  });

  it("green tags read at 4.5:1 on their light green", () => {
    expect(contrast(token.green7 ?? "", "#f6ffed")).toBeGreaterThanOrEqual(4.5);
  });

  it("a disabled control's text reads at 4.5:1 on the disabled grey", () => {
    expect(contrast(token.colorTextDisabled ?? "", "#f5f5f5")).toBeGreaterThanOrEqual(4.5);
  });

  it("the pay page's button: white on its accent at 4.5:1 (18 px semibold is not large text)", () => {
    const css = fs.readFileSync(path.join(__dirname, "../../pay/pay.css"), "utf8");
    const accent = css.match(/--pay-accent:\s*(#[0-9a-f]{6})/i)?.[1] ?? "";
    expect(contrast("#ffffff", accent)).toBeGreaterThanOrEqual(4.5);
  });
});
