import { describe, expect, it } from "vitest";
import { API } from "../api/registry.js";
import { machineReportRange } from "../api/reports.js";
import { FORM_REPORTS } from "./form-reports.js";

describe("the /form/* reports", () => {
  it("offer a machine exactly when their call takes one", () => {
    for (const [key, report] of Object.entries(FORM_REPORTS)) {
      const takesMachine = API.reports[report.call].body === machineReportRange;
      expect(report.byMachine, key).toBe(takesMachine);
    }
  });

  it("name the permission their call checks", () => {
    for (const [key, report] of Object.entries(FORM_REPORTS)) {
      const access = API.reports[report.call].access;
      expect(access.kind === "session" ? access.permission : undefined, key).toBe(report.permission);
    }
  });
});
