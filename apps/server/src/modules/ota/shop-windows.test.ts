import { randomBytes } from "node:crypto";
import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppDeps, defineModule } from "../../platform/module.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { deviceShadows, devices } from "../devices/tables.js";
import { otaTick } from "./scheduler.js";
import { firmwareTargets } from "./tables.js";

/**
 * A rollout's quiet hours are each shop's own: one rollout over shops in Bangkok, Berlin and one
 * that keeps its merchant's zone (Kuala Lumpur) reaches each machine only inside its shop's window.
 * The scheduler is stepped by hand at chosen instants (no timer runs), so the clock is the test's.
 */

let server: TestServer;
let deps: AppDeps | undefined;
let token = "";
let vendorId = 0;
/** Serials unique to the run: parallel test files may share one broker (CI's Mosquitto). */
const run = randomBytes(3).toString("hex").toUpperCase();

/** Hands the test the app's own dependencies, so that it can step the scheduler itself. */
const depsProbe = defineModule({
  name: "deps-probe",
  routes(_routes, appDeps) {
    deps = appDeps;
  },
});

beforeAll(async () => {
  server = await startTestServer({ otaTickMs: 0 }, { extraModules: [depsProbe] });
  const demo = await demoVendors(server.database);
  vendorId = demo.kl.id;
  expect(demo.kl.timeZone).toBe("Asia/Kuala_Lumpur");
  token = await server.login("vendor_admin");
});
afterAll(() => server.close());

async function shopIn(name: string, timeZone: string | null) {
  const made = await server.send(
    API.shops.create,
    { name, address: "1 Quiet road", service_type: 1, time_zone: timeZone },
    { token },
  );
  if (made.http !== 200) throw new Error(JSON.stringify(made.body));
  return made.body.result.id;
}

/** A washer of the shop, online and idle on 2.0.0, as the gateway would have recorded it. */
async function onlineWasher(shopId: number, serialNumber: string) {
  const { db } = server.database;
  const [device] = await db
    .insert(devices)
    .values({ vendorId, shopId, serialNumber: `${run}-${serialNumber}`, machineType: "washer", presence: "online" })
    .returning({ id: devices.id });
  if (!device) throw new Error("no machine");
  const now = new Date();
  await db.insert(deviceShadows).values({ deviceId: device.id, firmware: "2.0.0", lastSeenAt: now, statusAt: now });
  return device.id;
}

/** Midnight UTC a day or more ahead: the rollout (due from its creation) is due at every instant chosen after it. */
function aheadMidnight(): number {
  const day = 86_400_000;
  return Math.ceil((Date.now() + day) / day) * day;
}
const at = (base: number, hours: number, minutes = 0) => new Date(base + (hours * 60 + minutes) * 60_000);

describe("a rollout's quiet hours", () => {
  it("follow each machine's shop: its own time zone where set, else the merchant's", async () => {
    const bangkok = await onlineWasher(await shopIn("Quiet Bangkok", "Asia/Bangkok"), "TZ-BKK-1");
    const berlin = await onlineWasher(await shopIn("Quiet Berlin", "Europe/Berlin"), "TZ-BER-1");
    const merchants = await onlineWasher(await shopIn("Quiet Kuala Lumpur", null), "TZ-KUL-1");
    const pkg = await server.send(
      API.ota.createPackage,
      { version: "3.0.0", download_url: "https://firmware.example.test/washer-3.0.0.bin", machine_types: ["washer"] },
      { token },
    );
    expect(pkg.http, JSON.stringify(pkg.body)).toBe(200);
    const made = await server.send(
      API.ota.createRollout,
      {
        package_id: pkg.body.result.id,
        device_ids: [bangkok, berlin, merchants],
        first_wave_percent: 100,
        window_start: 2 * 60,
        window_end: 5 * 60,
      },
      { token },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const rollout = made.body.result.id;
    if (!deps) throw new Error("the app's dependencies were not handed over");
    const appDeps = deps;

    const statesAt = async (instant: Date) => {
      expect(await otaTick(appDeps, instant)).toBe(1);
      const rows = await server.database.db
        .select()
        .from(firmwareTargets)
        .where(eq(firmwareTargets.rolloutId, rollout));
      const stateOf = (deviceId: number) => rows.find((row) => row.deviceId === deviceId)?.state;
      return { bangkok: stateOf(bangkok), berlin: stateOf(berlin), merchants: stateOf(merchants) };
    };
    const day = aheadMidnight();

    // 21:30 UTC: 04:30 in Bangkok; 05:30 in Kuala Lumpur and 22:30 (or 23:30) in Berlin, both outside.
    expect(await statesAt(at(day, 21, 30))).toEqual({
      bangkok: "notified",
      berlin: "waiting_window",
      merchants: "waiting_window",
    });
    // 02:00 UTC next day: 03:00 (or 04:00) in Berlin; 09:00 in Bangkok, 10:00 in Kuala Lumpur.
    expect(await statesAt(at(day, 26))).toMatchObject({ berlin: "notified", merchants: "waiting_window" });
    // 18:30 UTC: 02:30 in Kuala Lumpur, the merchant's zone; 01:30 in Bangkok, 19:30 in Berlin.
    expect(await statesAt(at(day, 42, 30))).toMatchObject({ merchants: "notified" });
  });
});
