import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { CATALOGUE_PARTS, type CataloguePart, cataloguePart } from "../../../packages/shared/src/i18n/sections.js";

const PREFIX = "\0catalogue-part:";

/**
 * `locales/<lang>.json?part=first|frame|screens` imports only that part's sections
 * (packages/shared/src/i18n/sections.ts). The parts become modules of their own, so the JSON plugin
 * never sees them.
 */
export function cataloguePartsPlugin(): Plugin {
  return {
    name: "washboard-catalogue-parts",
    enforce: "pre",
    async resolveId(id, importer) {
      const [file, query] = id.split("?");
      const part = new URLSearchParams(query ?? "").get("part");
      if (!file?.endsWith(".json") || !CATALOGUE_PARTS.includes(part as CataloguePart)) return null;
      const resolved = await this.resolve(file, importer, { skipSelf: true });
      const absolute = resolved?.id ?? path.resolve(file);
      // The id must not end in .json, or the JSON plugin would parse this module as JSON.
      return `${PREFIX}${absolute}:${part}`;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const body = id.slice(PREFIX.length);
      const file = body.slice(0, body.lastIndexOf(":"));
      const part = body.slice(body.lastIndexOf(":") + 1);
      this.addWatchFile(file);
      const catalogue = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
      const sections = cataloguePart(catalogue, part as CataloguePart);
      // JSON.parse of a string literal is faster for engines to load than an object literal this size.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(sections))});`;
    },
  };
}
