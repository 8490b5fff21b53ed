// Adds up what CI ran: vitest's JSON reports and Playwright's, plus any step that failed without
// a report (a type or lint error stops `npm test` before vitest). Prints "N passed, N failed".
import fs from "node:fs";
import path from "node:path";

const [dir, failedStepsArg] = process.argv.slice(2);
const read = (name) => {
  const file = path.join(dir, name);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined;
};

let passed = 0;
let failed = 0;
let reportsMissing = 0;
for (const name of ["unit-embedded.json", "unit-postgres.json"]) {
  const report = read(name);
  if (!report) {
    reportsMissing += 1;
    continue;
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  console.log(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  // Name each failure so a red run on a clean machine can be traced without its full log.
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status !== "failed") continue;
      const reason = String(test.failureMessages?.[0] ?? "")
        .split("\n")[0]
        .slice(0, 300);
      console.log(`  FAILED ${path.relative(process.cwd(), file.name)} > ${test.fullName}: ${reason}`);
    }
  }
}
const e2e = read("e2e.json");
if (e2e) {
  passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
  failed += e2e.stats.unexpected;
  console.log(`e2e: ${e2e.stats.expected} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.skipped} skipped`);
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (!spec.ok) console.log(`  FAILED ${spec.file} > ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of e2e.suites ?? []) walk(suite);
} else {
  reportsMissing += 1;
}
// A failed step whose runner wrote no report still counts as a failure.
const failedSteps = Number(failedStepsArg ?? 0);
if (failed === 0 && failedSteps > 0) failed += Math.max(failedSteps, reportsMissing);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || failedSteps > 0 ? 1 : 0);
