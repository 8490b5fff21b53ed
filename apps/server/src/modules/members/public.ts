export { couponsByDay } from "./coupon-report.js";
export { cardBusinessByDay, otherIncomeByDay, rewardsByDay } from "./other-income.js";
