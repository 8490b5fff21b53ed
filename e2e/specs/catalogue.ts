import fs from "node:fs";
import path from "node:path";

type Tree = { [key: string]: string | Tree };

/** Reads a string of a language's catalogue, so tests assert the text a person sees. */
export function text(lang: string, key: string): string {
  const file = path.resolve(import.meta.dirname, `../../packages/shared/src/i18n/locales/${lang}.json`);
  let node: string | Tree = JSON.parse(fs.readFileSync(file, "utf8")) as Tree;
  for (const part of key.split(".")) {
    if (typeof node === "string") throw new Error(`${key} is not a leaf in ${lang}`);
    const next: string | Tree | undefined = node[part];
    if (next === undefined) throw new Error(`${key} missing in ${lang}`);
    node = next;
  }
  if (typeof node !== "string") throw new Error(`${key} is not a string in ${lang}`);
  return node;
}
