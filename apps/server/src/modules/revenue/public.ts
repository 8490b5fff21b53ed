/** The public face of the revenue module: all another module may import of it (src/architecture.test.ts checks). */
export { noFigures } from "./figures.js";
export { deviceFigures, sourceFiguresByDay, sourceFiguresByDayAndShop } from "./report-figures.js";
export { rebuildRollups } from "./rollups.js";
export type { RevenueVendor } from "./scope.js";
export { scopedFigures } from "./scope.js";
