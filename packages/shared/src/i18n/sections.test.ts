import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { CATALOGUE_PARTS, cataloguePart, FIRST_PAGE_SECTIONS, FRAME_SECTIONS } from "./sections.js";

const en = JSON.parse(readFileSync(join(import.meta.dirname, "locales/en.json"), "utf8")) as Record<string, unknown>;

it("splits a catalogue into the first page's, the frame's and the screens' sections, losing nothing", () => {
  const parts = CATALOGUE_PARTS.map((part) => cataloguePart(en, part));
  const [first, frame] = parts;
  expect(Object.keys(first ?? {}).sort()).toEqual([...FIRST_PAGE_SECTIONS].sort());
  expect(Object.keys(frame ?? {}).sort()).toEqual([...FRAME_SECTIONS].sort());
  expect(Object.assign({}, ...parts)).toEqual(en);
  const counted = parts.reduce((n, part) => n + Object.keys(part).length, 0);
  expect(counted).toBe(Object.keys(en).length);
});
