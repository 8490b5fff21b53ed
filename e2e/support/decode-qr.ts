import jsQR from "jsqr";
import { PNG } from "pngjs";

/**
 * The text a PNG image's QR code carries, for tests that download a code from the console and
 * check it scans. Throws when the image holds no readable QR code.
 */
export function decodeQrPng(buffer: Buffer): string {
  const png = PNG.sync.read(buffer);
  const found = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!found) throw new Error(`no readable QR code in the ${png.width}×${png.height} image`);
  return found.data;
}
