import { defineFeature } from "../../app/feature-contract";

/** The revenue screens: income by total, shop, device and other, the expenditure, the data centre. */
export const feature = defineFeature({
  screens: {
    "/income_report/income_total": { load: () => import("./IncomeTotalPage"), strings: "screens" },
    "/income_report/income_shop": { load: () => import("./IncomeShopPage"), strings: "screens" },
    "/income_report/income_other": { load: () => import("./IncomeOtherPage"), strings: "screens" },
    "/income_report/income_device": { load: () => import("./IncomeDevicePage"), strings: "screens" },
    "/income_report/expend": { load: () => import("./ExpendPage"), strings: "screens" },
    "/datacenter/dc_statistic": { load: () => import("./DataCenterPage"), strings: "screens" },
  },
  live: () => import("./live").then((m) => m.liveHandlers),
});
