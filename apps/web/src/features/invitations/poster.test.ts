import { inviteLinkFields } from "@washboard/shared";
import jsQR from "jsqr";
import { beforeAll, describe, expect, it } from "vitest";
import { QUIET_ZONE_MODULES, qrModules } from "../../app/ui/qr/qr-image";
import { key, message, useEnglishCatalogue } from "../../test/form-rules";
import { coverCrop, POSTER, type PosterPainter, paintPoster, posterFileName, posterLayout } from "./poster";

beforeAll(useEnglishCatalogue);

/**
 * A painter that rasterises as a canvas would: rectangles in their colour (translucent ones blended),
 * images as a mid grey, and each text line as a box of its measured size (0.6 em per character).
 */
function rasterPainter() {
  const { width, height } = POSTER;
  const grey = new Uint8ClampedArray(width * height).fill(0);
  const colour = (style: unknown) => (style === "#ffffff" ? 255 : style === "#000000" ? 0 : 60);
  const sizeOf = (font: string) => Number(/(\d+)px/.exec(font)?.[1] ?? 10);
  const painter: PosterPainter & { texts: string[]; images: number } = {
    fillStyle: "#000000",
    font: "10px sans-serif",
    textAlign: "start",
    textBaseline: "alphabetic",
    globalAlpha: 1,
    texts: [],
    images: 0,
    fillRect(x0, y0, w, h) {
      const value = colour(this.fillStyle);
      for (let y = Math.max(0, Math.floor(y0)); y < Math.min(height, Math.ceil(y0 + h)); y++) {
        for (let x = Math.max(0, Math.floor(x0)); x < Math.min(width, Math.ceil(x0 + w)); x++) {
          const i = y * width + x;
          grey[i] = Math.round(value * this.globalAlpha + (grey[i] ?? 0) * (1 - this.globalAlpha));
        }
      }
    },
    fillText(text) {
      this.texts.push(text);
    },
    measureText(text) {
      return { width: Array.from(text).length * sizeOf(this.font) * 0.6 };
    },
    drawImage() {
      this.images++;
      grey.fill(128);
    },
  };
  const rgba = () => {
    const out = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < grey.length; i++) {
      out.set([grey[i] ?? 0, grey[i] ?? 0, grey[i] ?? 0, 255], i * 4);
    }
    return out;
  };
  return { painter, rgba };
}

const LINK = "https://laundry.example.com/m/invite/K7PQ2MXA";

describe("the invitation poster", () => {
  it("carries a QR code of the link that a phone reads, on the background, with the name and the code", async () => {
    const qr = await qrModules(LINK);
    const { painter, rgba } = rasterPainter();
    const background = { image: {} as CanvasImageSource, width: 4000, height: 3000 };
    const layout = paintPoster(
      painter,
      { background, qr, title: "Demo Laundry Kuala Lumpur", scan: "Scan to get your coupon", code: "Code K7PQ2MXA" },
      "sans-serif",
    );
    expect(painter.images).toBe(1);
    expect(painter.texts).toEqual(["Demo Laundry Kuala Lumpur", "Scan to get your coupon", "Code K7PQ2MXA"]);
    const decoded = jsQR(rgba(), POSTER.width, POSTER.height);
    expect(decoded?.data).toBe(LINK);
    // The card with its quiet zone lies inside the page, between the bands.
    expect(layout.card.x).toBeGreaterThan(0);
    expect(layout.card.x + layout.card.size).toBeLessThan(POSTER.width);
    expect(layout.card.y).toBeGreaterThan(layout.band);
    expect(layout.scanY).toBeLessThan(POSTER.height - layout.band);
    expect(layout.qrX - layout.card.x).toBeGreaterThanOrEqual(QUIET_ZONE_MODULES * layout.module);
  });

  it("without a background, on a plain page; a long name is fitted, never cut mid-character", async () => {
    const qr = await qrModules(LINK);
    const { painter, rgba } = rasterPainter();
    const title = "ร้านซักรีดหยอดเหรียญ ".repeat(6);
    paintPoster(painter, { background: null, qr, title, scan: "สแกนเพื่อรับคูปอง", code: "K7PQ2MXA" }, "sans-serif");
    expect(painter.images).toBe(0);
    expect(jsQR(rgba(), POSTER.width, POSTER.height)?.data).toBe(LINK);
    const shown = painter.texts[0] ?? "";
    expect(shown.endsWith("…")).toBe(true);
    expect(title.startsWith(shown.slice(0, -1))).toBe(true);
  });

  it("fills the page with the background's middle, never stretched", () => {
    const wide = coverCrop({ width: 4000, height: 3000 }, POSTER);
    expect(wide.sh).toBe(3000);
    expect(wide.sw / wide.sh).toBeCloseTo(POSTER.width / POSTER.height);
    expect(wide.sx).toBeCloseTo((4000 - wide.sw) / 2);
    const tall = coverCrop({ width: 600, height: 2000 }, POSTER);
    expect(tall.sw).toBe(600);
    expect(tall.sy).toBeCloseTo((2000 - tall.sh) / 2);
    expect(posterLayout(25).module).toBeGreaterThan(posterLayout(57).module);
    expect(posterFileName("K7PQ2MXA")).toBe("invitation-K7PQ2MXA.png");
  });
});

describe("the invitation form rejects what the server rejects", () => {
  it("a coupon is required; quantity 1 to 100000; validity 1 to 3650 days; one background image", async () => {
    expect(await message(inviteLinkFields.coupon_id, undefined)).toBe(key("validation.required"));
    expect(await message(inviteLinkFields.quantity, 0)).toBe(key("validation.inviteQuantity"));
    expect(await message(inviteLinkFields.quantity, 100_000)).toBeUndefined();
    expect(await message(inviteLinkFields.quantity, 100_001)).toBe(key("validation.inviteQuantity"));
    expect(await message(inviteLinkFields.valid_days, 0)).toBe(key("validation.validityDays"));
    const image = `${"a".repeat(64)}.png`;
    expect(await message(inviteLinkFields.background_image, [image])).toBeUndefined();
    expect(await message(inviteLinkFields.background_image, [image, `${"b".repeat(64)}.png`])).toBe(
      key("validation.oneImage"),
    );
  });
});
