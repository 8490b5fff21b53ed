import type { PayQrItem } from "@washboard/shared";
import { downloadBlob } from "../../app/ui/data-table/download";
import { type QrCardText, qrCardPng, qrFileName } from "./qr-image";

const textOf = (item: PayQrItem): QrCardText => ({ shopName: item.shop_name, codeName: item.name });

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
 * Downloads the cards of the codes: one code as its PNG, several as one zip of PNGs. The zip
 * stores the PNGs as they are (they are compressed already); fflate loads only when needed.
 */
export async function downloadQrCards(items: readonly PayQrItem[], zipName: string): Promise<void> {
  const [first] = items;
  if (!first) return;
  if (items.length === 1) {
    downloadBlob(await qrCardPng(first.content, textOf(first)), qrFileName(textOf(first)));
    return;
  }
  const names = uniqueNames(items.map((item) => qrFileName(textOf(item))));
  const files: Record<string, Uint8Array> = {};
  for (const [index, item] of items.entries()) {
    const png = await qrCardPng(item.content, textOf(item));
    files[names[index] ?? `${item.code}.png`] = new Uint8Array(await png.arrayBuffer());
  }
  const { zipSync } = await import("fflate");
  const zip = zipSync(files, { level: 0 });
  downloadBlob(new Blob([zip as Uint8Array<ArrayBuffer>], { type: "application/zip" }), zipName);
}
