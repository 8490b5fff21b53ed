import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

/*
 * The component library's styles as static CSS, split by component: each of its component folders
 * imports the rules of the class prefixes it names, so a screen's chunk brings the CSS of the
 * components it uses and nothing else (the dashboard does not load the date picker's rules). With
 * `zeroRuntime` in the theme the library generates no style at run time; its prebuilt sheet
 * (`antd/dist/antd.css`) is the source, read once per build. Every part sits in the cascade layer
 * `antd`, so the console's own rules win over the library's whatever order the chunks load in (as
 * they did over the run-time styles, which were inserted first).
 */

const VIRTUAL = "virtual:antd-css/";
/** Rules whose class prefix no component names (motion, keyframes, resets): loaded with the providers. */
export const BASE_PART = "base";

const ANT_CLASS = /\.ant-([a-z0-9]+(?:-[a-z0-9]+)*)/;
const PREFIX_CALL = /getPrefixCls\(\s*['"]([a-z0-9-]+)['"]/g;

/** Top-level blocks of a style sheet (a rule, or an at-rule with its block), in order. */
export function topLevelBlocks(css: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) {
      blocks.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return blocks;
}

/** The longest known prefix the block's first library class belongs to, or the base part. */
export function partOf(block: string, prefixes: ReadonlySet<string>): string {
  const cls = ANT_CLASS.exec(block)?.[1];
  if (!cls) return BASE_PART;
  const words = cls.split("-");
  for (let n = words.length; n > 0; n--) {
    const candidate = words.slice(0, n).join("-");
    if (prefixes.has(candidate)) return candidate;
  }
  return BASE_PART;
}

/** Splits the sheet into parts by prefix, each keeping the sheet's order. */
export function splitSheet(css: string, prefixes: ReadonlySet<string>): Map<string, string> {
  const parts = new Map<string, string[]>();
  for (const block of topLevelBlocks(css)) {
    const part = partOf(block, prefixes);
    const list = parts.get(part) ?? [];
    list.push(block);
    parts.set(part, list);
  }
  return new Map([...parts].map(([part, blocks]) => [part, blocks.join("\n")]));
}

/** Each component folder of the library's ES build, with the class prefixes its code asks for. */
function prefixesByFolder(esDir: string): Map<string, string[]> {
  const byFolder = new Map<string, string[]>();
  for (const folder of fs.readdirSync(esDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const found = new Set<string>();
    for (const file of fs.readdirSync(path.join(esDir, folder.name), { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".js")) continue;
      const code = fs.readFileSync(path.join(esDir, folder.name, file), "utf8");
      for (const match of code.matchAll(PREFIX_CALL)) found.add(match[1] as string);
    }
    if (found.size > 0) byFolder.set(folder.name, [...found].sort());
  }
  return byFolder;
}

export function antdCssPlugin(): Plugin {
  const require = createRequire(import.meta.url);
  const antdDir = path.dirname(require.resolve("antd/package.json"));
  const esDir = path.join(antdDir, "es");
  const folders = prefixesByFolder(esDir);
  const prefixes = new Set([...folders.values()].flat());
  let parts: Map<string, string> | undefined;
  const moduleFolder = new RegExp(`${esDir.replaceAll("\\", "/")}/([^/]+)/`);

  return {
    name: "washboard-antd-css",
    enforce: "pre",
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `/${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`/${VIRTUAL}`)) return undefined;
      parts ??= splitSheet(fs.readFileSync(path.join(antdDir, "dist/antd.css"), "utf8"), prefixes);
      const part = id.slice(VIRTUAL.length + 1).replace(/\.css$/, "");
      return `@layer antd {\n${parts.get(part) ?? ""}\n}`;
    },
    transform(code, id) {
      const folder = moduleFolder.exec(id.replaceAll("\\", "/"))?.[1];
      const own = folder ? folders.get(folder) : undefined;
      if (!own) return undefined;
      const imports = own.map((prefix) => `import "${VIRTUAL}${prefix}.css";`).join("\n");
      return { code: `${imports}\n${code}`, map: null };
    },
  };
}
