import { describe, expect, it } from "vitest";
import { importFigures } from "../../../../scripts/import-figures.mjs";

/**
 * The console's architecture, read from its import lines as scripts/import-figures.mjs reads them
 * (tests left out): the frame names no feature — it reaches features/ only through the list of
 * their declarations — and no file of the console imports itself round a circle.
 */
describe("the console's imports", () => {
  const figures = importFigures();

  it("reach features/ from the frame (app/) at most three times: through the features' list", () => {
    expect(figures.frameToFeatures.length, figures.frameToFeatures.join("\n")).toBeLessThanOrEqual(3);
    for (const line of figures.frameToFeatures) expect(line).toMatch(/→ features\/registry\.ts$/);
  });

  it("make no circle", () => {
    expect(figures.webCircles).toEqual([]);
  });
});
