import { payQrContent } from "@washboard/shared";
import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { uniqueNames } from "./download";
import {
  fitText,
  type Painter,
  paintQrCard,
  QUIET_ZONE_MODULES,
  qrCardLayout,
  qrFileName,
  qrModules,
} from "./qr-image";

/**
 * A painter that rasterises into RGBA pixels as a canvas would: rectangles in their colour, and
 * each text line as a solid grey box of its measured size (the ink it could cover at most).
 * Text is measured as 0.6 em per character.
 */
function rasterPainter(width: number, height: number) {
  const pixels = new Uint8ClampedArray(width * height * 4);
  const fill = (x0: number, y0: number, w: number, h: number, rgb: number) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y0 + h)); y++) {
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x0 + w)); x++) {
        const i = (y * width + x) * 4;
        pixels[i] = rgb;
        pixels[i + 1] = rgb;
        pixels[i + 2] = rgb;
        pixels[i + 3] = 255;
      }
    }
  };
  const sizeOf = (font: string) => Number(/(\d+)px/.exec(font)?.[1] ?? 10);
  const painter: Painter & { texts: { text: string; font: string; y: number }[] } = {
    fillStyle: "#000000",
    font: "10px sans-serif",
    textAlign: "start",
    textBaseline: "alphabetic",
    texts: [],
    fillRect(x, y, w, h) {
      fill(x, y, w, h, this.fillStyle === "#ffffff" ? 255 : 0);
    },
    fillText(text, x, y) {
      const size = sizeOf(this.font);
      const w = this.measureText(text).width;
      this.texts.push({ text, font: this.font, y });
      fill(x - w / 2, y - size / 2, w, size, 96);
    },
    measureText(text) {
      return { width: Array.from(text).length * sizeOf(this.font) * 0.6 };
    },
  };
  return { painter, pixels };
}

async function paint(content: string, shopName: string, codeName: string) {
  const modules = await qrModules(content);
  const layout = qrCardLayout(modules.size);
  const { painter, pixels } = rasterPainter(layout.width, layout.height);
  paintQrCard(painter, modules, { shopName, codeName }, "system-ui, sans-serif");
  return { layout, painter, pixels };
}

const CONTENT = payQrContent("", "q7Zr0bX3mN4kL9pT2wV8yA");

describe("the payment QR card", () => {
  it("scans back to the code's content, with shop and code names painted around it", async () => {
    const { layout, painter, pixels } = await paint(CONTENT, "Ampang Laundry", "Front counter");
    const found = jsQR(pixels, layout.width, layout.height);
    expect(found?.data).toBe(CONTENT);
    expect(painter.texts.map((t) => t.text)).toEqual(["Ampang Laundry", "Front counter"]);
  });

  it("still scans with long Thai and CJK names, which shrink or are cut, never overlapping the quiet zone", async () => {
    const thai = "ร้านซักผ้าหยอดเหรียญสาขาสีลมซอยสิบเอ็ดใกล้สถานีรถไฟฟ้าศาลาแดง";
    const { layout, painter, pixels } = await paint(CONTENT, thai, "洗衣店收款码（前台）");
    expect(jsQR(pixels, layout.width, layout.height)?.data).toBe(CONTENT);
    const [title, subtitle] = painter.texts;
    expect(title?.text.endsWith("…")).toBe(true);
    expect(subtitle?.text).toBe("洗衣店收款码（前台）");
    // Text lines stay outside the symbol and its quiet zone.
    const quietTop = layout.qrY - QUIET_ZONE_MODULES * layout.module;
    const quietBottom = quietTop + layout.width;
    expect((title?.y ?? 0) + layout.titleSize / 2).toBeLessThanOrEqual(quietTop);
    expect((subtitle?.y ?? 0) - layout.subtitleSize / 2).toBeGreaterThanOrEqual(quietBottom);
  });

  it("draws whole modules of at least 4 px with a 4-module quiet zone", () => {
    for (const size of [21, 33, 57, 101]) {
      const layout = qrCardLayout(size);
      expect(Number.isInteger(layout.module)).toBe(true);
      expect(layout.module).toBeGreaterThanOrEqual(4);
      expect(layout.qrX).toBe(QUIET_ZONE_MODULES * layout.module);
      expect(layout.width).toBe((size + 2 * QUIET_ZONE_MODULES) * layout.module);
    }
  });

  it("fits text by shrinking first, then cutting whole characters with an ellipsis", () => {
    const { painter } = rasterPainter(1, 1);
    expect(fitText(painter, "Short", 600, 40, "serif", true)).toEqual({ text: "Short", font: "600 40px serif" });
    const shrunk = fitText(painter, "x".repeat(30), 600, 40, "serif", false);
    expect(shrunk.text).toBe("x".repeat(30));
    expect(shrunk.font).toBe("33px serif");
    const cut = fitText(painter, "漢".repeat(100), 600, 40, "serif", false);
    expect(cut.text.endsWith("…")).toBe(true);
    expect(painter.measureText(cut.text).width).toBeLessThanOrEqual(600);
  });
});

describe("file names", () => {
  it("come from the shop and code names, without characters a file system refuses", () => {
    expect(qrFileName({ shopName: "Ampang / KL", codeName: 'Front "A"' })).toBe("Ampang _ KL-Front _A_.png");
    expect(qrFileName({ shopName: "สีลม", codeName: "前台" })).toBe("สีลม-前台.png");
  });

  it("stay unique inside a zip", () => {
    expect(uniqueNames(["a.png", "b.png", "a.png", "a.png"])).toEqual(["a.png", "b.png", "a (2).png", "a (3).png"]);
  });
});
