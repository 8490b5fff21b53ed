import { fitText, type Painter, type QrModules, QUIET_ZONE_MODULES } from "../../app/ui/qr/qr-image";

/**
 * An invitation's poster (spec §3 "poster, background image"): the chosen background filling the
 * page, the vendor's name in a band at the top, a white card in the middle with the link's QR code
 * and a line saying what scanning it does, and the link's code at the foot. Painted with plain
 * arithmetic over a small slice of the canvas 2D API, so it is unit-tested without a browser; the
 * dialog paints it on a real canvas and downloads it as PNG.
 */

/** What the poster is painted with: the QR card's slice of the canvas API, and images. */
export interface PosterPainter extends Painter {
  globalAlpha: number;
  drawImage(
    image: CanvasImageSource,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
}

export interface PosterContent {
  /** The background (its natural size), or null for a plain one. */
  background: { image: CanvasImageSource; width: number; height: number } | null;
  qr: QrModules;
  /** The vendor's (or shop's) name, at the top. */
  title: string;
  /** What scanning does, under the code. */
  scan: string;
  /** The link's code, at the foot. */
  code: string;
}

/** A portrait page, 2:3, sharp enough to print at A5. */
export const POSTER = { width: 1200, height: 1800 } as const;

export interface PosterLayout {
  /** The white card around the symbol. */
  card: { x: number; y: number; size: number };
  /** Pixels per module, and the symbol's first module. */
  module: number;
  qrX: number;
  qrY: number;
  titleY: number;
  scanY: number;
  codeY: number;
  band: number;
}

export function posterLayout(modules: number): PosterLayout {
  const { width, height } = POSTER;
  const band = Math.round(height * 0.16);
  const withQuiet = modules + 2 * QUIET_ZONE_MODULES;
  // The symbol with its quiet zone about 55 % of the page's width, in whole pixels per module.
  const module = Math.max(1, Math.floor((width * 0.55) / withQuiet));
  const size = withQuiet * module;
  const cardPadding = Math.round(width * 0.04);
  const cardSize = size + 2 * cardPadding;
  const card = {
    x: Math.round((width - cardSize) / 2),
    y: Math.round((height - cardSize) / 2 - height * 0.02),
    size: cardSize,
  };
  return {
    card,
    module,
    qrX: card.x + cardPadding + QUIET_ZONE_MODULES * module,
    qrY: card.y + cardPadding + QUIET_ZONE_MODULES * module,
    titleY: Math.round(band / 2),
    scanY: card.y + cardSize + Math.round(height * 0.06),
    codeY: height - Math.round(band / 2),
    band,
  };
}

/** The part of an image that fills the page without stretching (CSS's `object-fit: cover`). */
export function coverCrop(image: { width: number; height: number }, page: { width: number; height: number }) {
  const scale = Math.max(page.width / image.width, page.height / image.height);
  const sw = page.width / scale;
  const sh = page.height / scale;
  return { sx: (image.width - sw) / 2, sy: (image.height - sh) / 2, sw, sh };
}

const INK = "#000000";
const PAPER = "#ffffff";
const BACKDROP = "#1f3a5f";

export function paintPoster(painter: PosterPainter, content: PosterContent, fontFamily: string): PosterLayout {
  const { width, height } = POSTER;
  const layout = posterLayout(content.qr.size);
  painter.globalAlpha = 1;
  painter.fillStyle = BACKDROP;
  painter.fillRect(0, 0, width, height);
  if (content.background) {
    const crop = coverCrop(content.background, POSTER);
    painter.drawImage(content.background.image, crop.sx, crop.sy, crop.sw, crop.sh, 0, 0, width, height);
  }
  // Dark bands behind the texts keep them legible on any image.
  painter.globalAlpha = 0.55;
  painter.fillStyle = INK;
  painter.fillRect(0, 0, width, layout.band);
  painter.fillRect(0, height - layout.band, width, layout.band);
  painter.fillRect(0, layout.scanY - Math.round(height * 0.035), width, Math.round(height * 0.07));
  painter.globalAlpha = 1;

  painter.fillStyle = PAPER;
  painter.fillRect(layout.card.x, layout.card.y, layout.card.size, layout.card.size);
  painter.fillStyle = INK;
  for (let row = 0; row < content.qr.size; row++) {
    for (let col = 0; col < content.qr.size; col++) {
      if (content.qr.get(row, col)) {
        painter.fillRect(
          layout.qrX + col * layout.module,
          layout.qrY + row * layout.module,
          layout.module,
          layout.module,
        );
      }
    }
  }

  painter.textAlign = "center";
  painter.textBaseline = "middle";
  painter.fillStyle = PAPER;
  const textWidth = width * 0.9;
  const centre = width / 2;
  const lines: [string, number, number, boolean][] = [
    [content.title, layout.titleY, Math.round(width / 13), true],
    [content.scan, layout.scanY, Math.round(width / 20), false],
    [content.code, layout.codeY, Math.round(width / 16), true],
  ];
  for (const [text, y, size, bold] of lines) {
    const fitted = fitText(painter, text, textWidth, size, fontFamily, bold);
    painter.font = fitted.font;
    painter.fillText(fitted.text, centre, y);
  }
  return layout;
}

/** A file name from the code: characters a file system refuses become "_". */
export const posterFileName = (code: string) => `invitation-${code.replace(/[^A-Za-z0-9_-]/g, "_")}.png`;
