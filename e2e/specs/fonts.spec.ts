import type { Page } from "@playwright/test";
import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { text } from "./catalogue";

/**
 * One screen per script the console is translated into. `face` is the font family the text must be
 * drawn in where the console asks for one (Japanese and Chinese share code points, not glyph shapes).
 */
const SCRIPTS = [
  { script: "Latin", code: "vi-vn", name: "Tiếng Việt", face: undefined },
  { script: "CJK (Japanese)", code: "ja-jp", name: "日本語", face: /Noto Sans CJK JP/ },
  { script: "CJK (Chinese)", code: "zh-cn", name: "简体中文", face: /Noto Sans CJK SC/ },
  { script: "Thai", code: "th-th", name: "ไทย", face: undefined },
] as const;

/** Two code points no font has (plane 16 private use): they must be drawn as the same empty box. */
const MISSING = ["\u{10FFFD}", "\u{10FFFC}"] as const;

/**
 * The characters of `sample` drawn as the box of a missing glyph ("tofu") in the page's heading
 * font: each is drawn on a canvas and compared with a code point no font has. The first entry of
 * the answer is the check of the check: the second missing code point must come out as tofu.
 */
async function tofu(page: Page, sample: string): Promise<{ control: boolean; tofu: string[] }> {
  return page.evaluate(
    ([sampleText, missing, other]) => {
      const heading = document.querySelector("main h1");
      if (!heading) throw new Error("no h1");
      const style = getComputedStyle(heading);
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 64;
      const context = canvas.getContext("2d");
      if (!context) throw new Error("no 2d canvas");
      context.font = `${style.fontWeight} 32px ${style.fontFamily}`;
      const drawn = (character: string) => {
        context.clearRect(0, 0, 64, 64);
        context.fillText(character, 8, 44);
        return context.getImageData(0, 0, 64, 64).data.join(",");
      };
      const box = drawn(missing);
      const characters = [...new Set([...sampleText])].filter((c) => c.trim() !== "");
      return { control: drawn(other) === box, tofu: characters.filter((c) => drawn(c) === box) };
    },
    [sample, MISSING[0], MISSING[1]] as const,
  );
}

/** The font families Chromium used to draw the page's h1 (DevTools protocol). */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "main h1" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

for (const { script, code, name, face } of SCRIPTS) {
  test(`${script}: the console in ${code} is drawn with real glyphs, not tofu`, async ({ page }) => {
    await page.goto("/#/login");
    await page.getByTestId("language-picker").selectOption({ label: name });
    await signIn(page, "vendor_admin");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await expect(page.locator("main h1")).toHaveText(text(code, "routes.dashboard"));

    const sample = [
      text(code, "routes.dashboard"),
      text(code, "menu.shop"),
      text(code, "routes.shops"),
      text(code, "dashboard.recentOperations"),
      await page.locator(".sidebar").innerText(),
    ].join("");
    const found = await tofu(page, sample);
    expect(found.control, "the tofu detector recognises a missing glyph").toBe(true);
    expect(found.tofu, `characters drawn as tofu in ${code}`).toEqual([]);

    const fonts = await headingFonts(page);
    test.info().annotations.push({ type: "fonts", description: `${code}: ${fonts.join(", ")}` });
    expect(fonts.length).toBeGreaterThan(0);
    if (face) expect(fonts.join(", ")).toMatch(face);
    await expect(page.locator(".toast")).toHaveCount(0);
    await keepScreenshot(page, `dashboard-${code}`);
  });
}
