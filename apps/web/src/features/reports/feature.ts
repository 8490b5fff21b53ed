import type { FeatureDeclaration, ScreenDeclaration } from "../../app/feature-contract";
import { REPORT_ROUTES } from "./report-routes";

/** Every report is one page, which reads its definition from the route. */
const report: ScreenDeclaration = { load: () => import("./FormReportPage") };

/** The /form/* reports that have their screen. */
export const feature: FeatureDeclaration = {
  screens: Object.fromEntries(REPORT_ROUTES.map((route) => [route, report])),
};
