/** The public face of the members module: all another module may import of it (src/architecture.test.ts checks). */
export { couponsByDay } from "./coupon-report.js";
export type { CounterWork } from "./demo-counter-work.js";
export { demoCounterWork } from "./demo-counter-work.js";
export { cardBusinessByDay, otherIncomeByDay, rewardsByDay } from "./other-income.js";
