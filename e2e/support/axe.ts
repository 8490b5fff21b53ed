import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** One serious or critical axe-core finding, short enough to read in a failure message. */
export interface Finding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

const BLOCKING = new Set(["serious", "critical"]);

/**
 * The serious and critical violations axe-core finds on what the page shows now (or in the part of
 * it a selector names), with every rule axe runs by default (WCAG 2.x A and AA, best practices).
 */
export async function seriousViolations(page: Page, within?: string): Promise<Finding[]> {
  // Both settings change how long axe takes, not what it checks. Legacy mode runs axe in the page
  // itself instead of gathering its results in a new blank page, which is only needed to reach into
  // cross-origin frames, and the console has no frames. `resultTypes` skips building a selector for
  // every node that passed, which we never read; violations keep theirs.
  const builder = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] });
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
      summary: violation.nodes[0]?.failureSummary ?? "",
    }));
}

/** How many landmarks and top-level headings assistive technology finds: visible ones only. */
export async function pageOutline(page: Page): Promise<{ mains: number; h1s: string[] }> {
  const mains = await page.locator("main:visible, [role=main]:visible").count();
  const h1s = await page.locator("h1:visible").allInnerTexts();
  return { mains, h1s: h1s.map((text) => text.trim()) };
}
