import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, it } from "vitest";
import { precompressFiles } from "./precompress-plugin";

it("writes brotli and gzip copies of the compressible files the build emits, and nothing for small or HTML files", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-precompress-"));
  const script = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};`;
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "assets/app-1a2b3c.js"), script);
  fs.writeFileSync(path.join(dir, "assets/tiny-9f8e.js"), "export {};");
  fs.writeFileSync(path.join(dir, "index.html"), `<!doctype html>${"<p>text</p>".repeat(500)}`);

  expect(precompressFiles(dir, ["assets/app-1a2b3c.js", "assets/tiny-9f8e.js", "index.html"])).toEqual([
    "assets/app-1a2b3c.js",
  ]);
  const br = fs.readFileSync(path.join(dir, "assets/app-1a2b3c.js.br"));
  const gz = fs.readFileSync(path.join(dir, "assets/app-1a2b3c.js.gz"));
  expect(brotliDecompressSync(br).toString()).toBe(script);
  expect(gunzipSync(gz).toString()).toBe(script);
  expect(br.length).toBeLessThan(script.length / 4);
  expect(fs.existsSync(path.join(dir, "assets/tiny-9f8e.js.br"))).toBe(false);
  expect(fs.existsSync(path.join(dir, "index.html.gz"))).toBe(false);
  fs.rmSync(dir, { recursive: true, force: true });
});
