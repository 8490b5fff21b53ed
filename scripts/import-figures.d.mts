/** The import figures of issue 24 (see import-figures.mjs), each a list whose length is the figure. */
export interface ImportFigures extends Record<string, unknown[]> {
  /** Imports of features/ by the console's frame (app/), as "from → to" (paths under apps/web/src). */
  frameToFeatures: string[];
  /** Import circles in the console, each the files it passes through. */
  webCircles: string[][];
  /** Imports of a module's files other than its public face by seed/ and cli/, as "from → to" (paths under apps/server/src). */
  seedInternalImports: string[];
}

export function importFigures(): ImportFigures;
