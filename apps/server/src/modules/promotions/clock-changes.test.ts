import { API, utcOffsetMinutes } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppDeps, defineModule } from "../../platform/module.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { payMachine, payPlace } from "../pay/test-place.js";
import { shops } from "../shops/tables.js";
import { resendAtClockChanges } from "./machine-prices.js";

/**
 * A machine reads its time-of-day prices in local time from the UTC offset it was told: when its
 * shop's zone changes its clocks, the sweep tells it the new offset — and tells nothing to machines
 * whose zone did not change. The sweep is stepped by hand at chosen instants.
 */
let server: TestServer;
let deps: AppDeps | undefined;
const machines = testMachines("Z");

/** Hands the test the app's own dependencies, so that it can step the sweep itself. */
const depsProbe = defineModule({
  name: "deps-probe",
  routes(_routes, appDeps) {
    deps = appDeps;
  },
});

beforeAll(async () => {
  server = await startTestServer({}, { extraModules: [depsProbe] });
  await server.app.ready();
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

it("tells a New York machine its new UTC offset when its clocks change, and a Kuala Lumpur machine nothing", async () => {
  const { kl } = await demoVendors(server.database);
  const newYork = await payPlace(server, kl.id, "Clock NY", 1_000);
  await server.database.db.update(shops).set({ timeZone: "America/New_York" }).where(eq(shops.id, newYork.shopId));
  const kualaLumpur = await payPlace(server, kl.id, "Clock KL", 1_000);
  const nyWasher = await payMachine(server, machines, newYork, "NY1");
  const klWasher = await payMachine(server, machines, kualaLumpur, "KL1");
  const made = await server.send(
    API.promotions.createWindow,
    {
      name: "Early birds",
      days: [1, 2, 3, 4, 5],
      from: "06:00",
      to: "09:00",
      shop_ids: [newYork.shopId, kualaLumpur.shopId],
      change: { mode: "percent_off", percent_off: 10 },
    },
    { as: "vendor_admin" },
  );
  expect(made.http, JSON.stringify(made.body)).toBe(200);
  // Offsets are sent + 720 minutes: New York is UTC−5 in winter, UTC−4 in summer; Kuala Lumpur UTC+8.
  const now = new Date();
  const ny = (at: Date) => utcOffsetMinutes(at, "America/New_York") + 720;
  await nyWasher.device.waitFor((s) => s.params.tod_count === 1, 10_000);
  await klWasher.device.waitFor((s) => s.params.tod_count === 1, 10_000);
  expect([nyWasher.device.state.params.utc_offset, klWasher.device.state.params.utc_offset]).toEqual([ny(now), 1_200]);
  if (!deps) throw new Error("no app dependencies");

  // A sweep at the same offsets sends nothing.
  expect(await resendAtClockChanges(deps, now)).toBe(0);
  // An instant after New York's next clock change (January is winter there, July summer): only the
  // New York machine is told its new offset.
  const year = now.getUTCFullYear() + 1;
  const changed = ny(now) === 420 ? new Date(`${year}-07-01T12:00:00Z`) : new Date(`${year}-01-15T12:00:00Z`);
  expect(ny(changed)).not.toBe(ny(now));
  expect(await resendAtClockChanges(deps, changed)).toBe(1);
  await nyWasher.device.waitFor((s) => s.params.utc_offset === ny(changed), 10_000);
  expect(klWasher.device.state.params.utc_offset).toBe(1_200);
  // The windows themselves are unchanged.
  expect(nyWasher.device.state.params).toMatchObject({ tod_count: 1, tod1_from: 360, tod1_to: 540, tod1_pct: 10 });
  await server.send(API.promotions.removeWindow, { id: made.body.result.id }, { as: "vendor_admin" });
});
