import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BASE_PART, partOf, splitSheet, topLevelBlocks } from "./antd-css-plugin";

const PREFIXES = new Set(["btn", "input", "input-number", "picker", "menu"]);

describe("the library's sheet split by component", () => {
  it("keeps at-rules whole and is not fooled by braces in strings", () => {
    const css = `.ant-btn{color:red}@media (min-width:576px){.ant-btn{margin:0}}.ant-menu:after{content:"{}"}`;
    expect(topLevelBlocks(css)).toEqual([
      ".ant-btn{color:red}",
      "@media (min-width:576px){.ant-btn{margin:0}}",
      '.ant-menu:after{content:"{}"}',
    ]);
  });

  it("files a rule under the longest prefix its first class starts with, or the base part", () => {
    expect(partOf(".ant-input-number-handler{}", PREFIXES)).toBe("input-number");
    expect(partOf(".ant-input-affix-wrapper{}", PREFIXES)).toBe("input");
    expect(partOf(".ant-btn-color-primary .anticon{}", PREFIXES)).toBe("btn");
    expect(partOf(".ant-zoom-enter{}", PREFIXES)).toBe(BASE_PART);
    expect(partOf("@keyframes antFadeIn{0%{opacity:0}}", PREFIXES)).toBe(BASE_PART);
  });

  it("loses no rule of the real sheet and keeps each part's order", () => {
    const antdDir = path.dirname(createRequire(import.meta.url).resolve("antd/package.json"));
    const css = fs.readFileSync(path.join(antdDir, "dist/antd.css"), "utf8");
    const parts = splitSheet(css, new Set(["btn", "menu", "picker", "table", "select"]));
    const blocks = topLevelBlocks(css);
    const filed = [...parts.values()].flatMap((part) => topLevelBlocks(part));
    expect(filed).toHaveLength(blocks.length);
    const buttons = blocks.filter((block) => partOf(block, new Set(["btn"])) === "btn");
    expect(topLevelBlocks(parts.get("btn") ?? "")).toEqual(buttons);
  });
});
