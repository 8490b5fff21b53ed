import type { ImageExtension } from "@washboard/shared";

/**
 * The image type of a file by its first bytes (its "magic number"), never by its name or the type
 * the client claimed: PNG, JPEG and WebP only.
 */
export function sniffImageType(bytes: Buffer): ImageExtension | undefined {
  const startsWith = (signature: number[], offset = 0) =>
    bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith([0xff, 0xd8, 0xff])) return "jpg";
  // "RIFF" <size> "WEBP"
  if (startsWith([0x52, 0x49, 0x46, 0x46]) && startsWith([0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return undefined;
}
