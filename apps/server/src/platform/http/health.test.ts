import { expect, it } from "vitest";
import { Readiness } from "./health.js";

it("is ready only while every check passes and no stop has begun; a check that throws or hangs fails", async () => {
  const readiness = new Readiness();
  let brokerUp = true;
  readiness.add("database", async () => true);
  readiness.add("broker", () => brokerUp);
  expect(await readiness.report()).toEqual({ ready: true, checks: { running: true, database: true, broker: true } });

  brokerUp = false;
  expect(await readiness.report()).toEqual({ ready: false, checks: { running: true, database: true, broker: false } });
  brokerUp = true;

  readiness.add("throws", () => {
    throw new Error("connection refused");
  });
  readiness.add("hangs", () => new Promise<boolean>(() => undefined));
  const report = await readiness.report();
  expect(report.ready).toBe(false);
  expect(report.checks).toMatchObject({ throws: false, hangs: false, database: true });
});

it("reports not ready once draining, whatever the checks say", async () => {
  const readiness = new Readiness();
  readiness.add("database", () => true);
  readiness.drain();
  expect(await readiness.report()).toEqual({ ready: false, checks: { running: false, database: true } });
});
