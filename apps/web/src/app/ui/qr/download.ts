import { downloadBlob } from "../data-table/download";
import { type QrCardText, qrCardPng, qrFileName } from "./qr-image";

/** A printable QR card: what the symbol carries and the two lines around it. */
export interface QrCard {
  content: string;
  text: QrCardText;
}

/** Names for the files of a zip: the same name twice gets " (2)", " (3)", … before ".png". */
export function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : name.replace(/\.png$/, ` (${n}).png`);
  });
}

/**
 * Downloads the cards: one as its PNG, several as one zip of PNGs (pay QR codes, device stickers).
 * The zip stores the PNGs as they are (they are compressed already); fflate loads only when needed.
 */
export async function downloadQrCards(cards: readonly QrCard[], zipName: string): Promise<void> {
  const [first] = cards;
  if (!first) return;
  if (cards.length === 1) {
    downloadBlob(await qrCardPng(first.content, first.text), qrFileName(first.text));
    return;
  }
  const names = uniqueNames(cards.map((card) => qrFileName(card.text)));
  const files: Record<string, Uint8Array> = {};
  for (const [index, card] of cards.entries()) {
    const png = await qrCardPng(card.content, card.text);
    files[names[index] ?? `${index + 1}.png`] = new Uint8Array(await png.arrayBuffer());
  }
  const { zipSync } = await import("fflate");
  const zip = zipSync(files, { level: 0 });
  downloadBlob(new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), zipName);
}
