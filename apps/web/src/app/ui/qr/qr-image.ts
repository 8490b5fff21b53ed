/**
 * The printable image of a payment QR code: the shop's name above a scannable QR of the code's
 * `content`, the code's name below, on white. The painting is plain arithmetic over a small slice
 * of the canvas 2D API (`Painter`), so it is unit-tested without a browser; `qrCardPng` runs it on
 * a real canvas. The qrcode library is loaded on demand, keeping it out of other screens' bundles.
 */

/** The part of CanvasRenderingContext2D the card is painted with. */
export interface Painter {
  fillStyle: string | CanvasGradient | CanvasPattern;
  font: string;
  textAlign: CanvasTextAlign;
  textBaseline: CanvasTextBaseline;
  fillRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
}

/** The dark and light modules of a QR symbol (qrcode's BitMatrix). */
export interface QrModules {
  size: number;
  get(row: number, col: number): number | boolean;
}

export interface QrCardText {
  /** Shown above the code, large: where the code pays. */
  shopName: string;
  /** Shown below the code. */
  codeName: string;
}

/** Light modules around the symbol, as the QR standard asks for reliable scanning. */
export const QUIET_ZONE_MODULES = 4;
/** About how wide the symbol with its quiet zone is drawn, in pixels: sharp enough to print. */
const TARGET_SYMBOL_PX = 640;
const INK = "#000000";
const PAPER = "#ffffff";

export interface QrCardLayout {
  width: number;
  height: number;
  /** Pixels per QR module (a whole number, so modules stay crisp). */
  module: number;
  /** Top-left corner of the symbol's first module (inside the quiet zone). */
  qrX: number;
  qrY: number;
  titleSize: number;
  subtitleSize: number;
  /** Vertical centres of the two text lines. */
  titleY: number;
  subtitleY: number;
  /** Horizontal room for text. */
  textWidth: number;
}

/** Where everything goes for a symbol of `moduleCount` modules a side. */
export function qrCardLayout(moduleCount: number): QrCardLayout {
  const withQuiet = moduleCount + 2 * QUIET_ZONE_MODULES;
  const module = Math.max(4, Math.floor(TARGET_SYMBOL_PX / withQuiet));
  const width = withQuiet * module;
  const titleSize = Math.round(width / 14);
  const subtitleSize = Math.round(width / 20);
  const titleBand = Math.round(titleSize * 2.2);
  const subtitleBand = Math.round(subtitleSize * 2.4);
  const symbolTop = titleBand;
  return {
    width,
    height: titleBand + width + subtitleBand,
    module,
    qrX: QUIET_ZONE_MODULES * module,
    qrY: symbolTop + QUIET_ZONE_MODULES * module,
    titleSize,
    subtitleSize,
    titleY: Math.round(titleBand * 0.6),
    subtitleY: symbolTop + width + Math.round(subtitleBand * 0.4),
    textWidth: width - 2 * module * 2,
  };
}

const fontOf = (size: number, fontFamily: string, bold: boolean) => `${bold ? "600 " : ""}${size}px ${fontFamily}`;

/**
 * The largest font (down to 60 % of `size`) at which `text` fits `maxWidth`; below that, the text
 * is cut with an ellipsis. Shop names can be long, in any script: the page's font stack draws them.
 */
export function fitText(
  painter: Pick<Painter, "font" | "measureText">,
  text: string,
  maxWidth: number,
  size: number,
  fontFamily: string,
  bold: boolean,
): { text: string; font: string } {
  const minSize = Math.ceil(size * 0.6);
  for (let s = size; s >= minSize; s--) {
    painter.font = fontOf(s, fontFamily, bold);
    if (painter.measureText(text).width <= maxWidth) return { text, font: painter.font };
  }
  const font = fontOf(minSize, fontFamily, bold);
  painter.font = font;
  // Whole characters (code points), so a Thai or CJK character is never split.
  const chars = Array.from(text);
  while (chars.length > 1 && painter.measureText(`${chars.join("")}…`).width > maxWidth) chars.pop();
  return { text: `${chars.join("")}…`, font };
}

/** Paints the card: white paper, the title, the symbol with its quiet zone, the subtitle. */
export function paintQrCard(painter: Painter, modules: QrModules, text: QrCardText, fontFamily: string): QrCardLayout {
  const layout = qrCardLayout(modules.size);
  painter.fillStyle = PAPER;
  painter.fillRect(0, 0, layout.width, layout.height);
  painter.fillStyle = INK;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) {
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
  const centre = layout.width / 2;
  const title = fitText(painter, text.shopName, layout.textWidth, layout.titleSize, fontFamily, true);
  painter.font = title.font;
  painter.fillText(title.text, centre, layout.titleY);
  const subtitle = fitText(painter, text.codeName, layout.textWidth, layout.subtitleSize, fontFamily, false);
  painter.font = subtitle.font;
  painter.fillText(subtitle.text, centre, layout.subtitleY);
  return layout;
}

/** A file name from the shop and code names: characters a file system refuses become "_". */
export function qrFileName(text: QrCardText): string {
  const base = `${text.shopName}-${text.codeName}`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, "_")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 120);
  return `${base || "payqr"}.png`;
}

/** The QR symbol of `content`, with medium error correction (survives a smudged print). */
export async function qrModules(content: string): Promise<QrModules> {
  const qrcode = await import("qrcode");
  return qrcode.create(content, { errorCorrectionLevel: "M" }).modules;
}

/** The card as a PNG, painted on a canvas in the page's font stack. */
export async function qrCardPng(content: string, text: QrCardText): Promise<Blob> {
  const modules = await qrModules(content);
  const canvas = document.createElement("canvas");
  const layout = qrCardLayout(modules.size);
  canvas.width = layout.width;
  canvas.height = layout.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas 2D context unavailable");
  paintQrCard(context, modules, text, getComputedStyle(document.body).fontFamily || "sans-serif");
  return new Promise<Blob>((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("PNG encoding failed"))), "image/png");
  });
}
