import type { FeatureDeclaration } from "../../app/feature-contract";

/** The revenue screens: income by total, shop, device and other, the expenditure, the data centre. */
export const feature: FeatureDeclaration = {
  screens: {
    "/income_report/income_total": { load: () => import("./IncomeTotalPage") },
    "/income_report/income_shop": { load: () => import("./IncomeShopPage") },
    "/income_report/income_other": { load: () => import("./IncomeOtherPage") },
    "/income_report/income_device": { load: () => import("./IncomeDevicePage") },
    "/income_report/expend": { load: () => import("./ExpendPage") },
    "/datacenter/dc_statistic": { load: () => import("./DataCenterPage") },
  },
  live: () => import("./live"),
};
