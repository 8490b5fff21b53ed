import type { DeviceEvent } from "@washboard/device-protocol";
import { eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { deviceOrderWriter } from "../../orders/device-orders.js";
import { orders } from "../../orders/tables.js";
import type { DeviceSale } from "../ports.js";
import { provisionDevice } from "../provision.js";
import { deviceLog, deviceShadows } from "../tables.js";
import { eventLogWriter, type LoggedEvent } from "./event-log-writer.js";
import { type ShadowChange, shadowWriter } from "./shadow-writer.js";

/**
 * The second line of defence: whatever passes the protocol's schema but not the database (a NUL the
 * schema should have refused, a time no column holds) costs only its own message. Each batched
 * writer is given one poisoned item among good ones from other machines and vendors; every good item
 * is stored, and the poisoned one — only it — is set aside.
 */
let server: TestServer;
const ids: { id: number; serial: string; vendorId: number }[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { kl, bkk } = await demoVendors(server.database);
  for (const [n, vendorId] of [kl.id, kl.id, bkk.id, bkk.id].entries()) {
    const serial = `POISON-${n}-${Date.now().toString(36)}`;
    const { id } = await provisionDevice(server.database.db, { vendorId, serialNumber: serial, machineType: "washer" });
    ids.push({ id, serial, vendorId });
  }
});
afterAll(() => server.close());

const machine = (n: number) => {
  const found = ids[n];
  if (!found) throw new Error(`no machine ${n}`);
  return found;
};

function sale(n: number, id: string, program = "Hot", at = new Date()): LoggedEvent & DeviceSale {
  const { id: deviceId, serial, vendorId } = machine(n);
  const event: DeviceEvent = {
    v: 1,
    id,
    ts: Math.floor(at.getTime() / 1000),
    type: "cycle_started",
    program,
    price: 600,
    minutes: 30,
    start_type: "coins",
  };
  return { deviceId, vendorId, serial, event, key: id, at };
}

describe("one poisoned message in a batch", () => {
  it("device log: every other machine's events are stored, the poisoned one set aside", async () => {
    const aside: LoggedEvent[] = [];
    const errors: unknown[] = [];
    const writer = eventLogWriter(
      server.database.db,
      (e) => errors.push(e),
      async (item) => void aside.push(item),
    );
    const good = [sale(0, "log-a"), sale(1, "log-b"), sale(2, "log-c"), sale(3, "log-d")];
    const nul = sale(1, "log-nul", "Hot\u0000");
    const farFuture = sale(2, "log-time", "Hot", new Date(8.64e15));
    for (const item of [good[0], nul, good[1], farFuture, good[2], good[3]]) if (item) writer.add(item);
    await writer.flush();
    const stored = await server.database.db
      .select({ key: deviceLog.eventId })
      .from(deviceLog)
      .where(like(deviceLog.eventId, "log-%"));
    expect(stored.map((r) => r.key).sort()).toEqual(["log-a", "log-b", "log-c", "log-d"]);
    expect(aside.map((i) => i.key).sort()).toEqual(["log-nul", "log-time"]);
    expect(errors).toEqual([]);
  });

  it("sales: every other machine's order is booked, the poisoned sale set aside", async () => {
    const aside: DeviceSale[] = [];
    const writer = deviceOrderWriter(
      server.database.db,
      () => undefined,
      async (item) => void aside.push(item),
    );
    const good = [sale(0, "sale-a"), sale(1, "sale-b"), sale(2, "sale-c"), sale(3, "sale-d")];
    for (const item of [good[0], good[1], sale(3, "sale-nul", "Eco\u0000"), good[2], good[3]])
      if (item) writer.add(item);
    await writer.flush();
    const booked = await server.database.db
      .select({ unique: orders.payUniqueNo })
      .from(orders)
      .where(
        inArray(
          orders.deviceId,
          ids.map((d) => d.id),
        ),
      );
    expect(booked.map((o) => o.unique.split(":")[1]).sort()).toEqual(["sale-a", "sale-b", "sale-c", "sale-d"]);
    expect(aside.map((i) => i.key)).toEqual(["sale-nul"]);
  });

  it("shadows: another machine's status and the poisoned machine's other messages are kept", async () => {
    const aside: ShadowChange[] = [];
    const writer = shadowWriter(server.database.db, {
      onWritten: () => undefined,
      onPresenceChanged: () => undefined,
      onError: () => undefined,
      setAside: async (change) => void aside.push(change),
    });
    const change = (n: number, fields: Partial<ShadowChange>): ShadowChange => ({
      deviceId: machine(n).id,
      vendorId: machine(n).vendorId,
      serial: machine(n).serial,
      source: "status",
      seenAt: new Date(),
      ...fields,
    });
    writer.add(change(0, { firmware: "1.0.1", presence: "online" }));
    writer.add(change(0, { fault: "E\u0000" }));
    writer.add(change(0, { cashbox: { current: 400, cumulative: 900 } }));
    writer.add(change(2, { firmware: "9.9.9", busy: true, presence: "online" }));
    await writer.flush();
    const rows = await server.database.db
      .select()
      .from(deviceShadows)
      .where(inArray(deviceShadows.deviceId, [machine(0).id, machine(2).id]));
    const byId = new Map(rows.map((r) => [r.deviceId, r]));
    expect(byId.get(machine(0).id)).toMatchObject({ firmware: "1.0.1", faultCode: null, cashboxCurrent: 400 });
    expect(byId.get(machine(2).id)).toMatchObject({ firmware: "9.9.9", busy: true });
    expect(aside.map((c) => c.fault)).toEqual(["E\u0000"]);
    const [device] = await server.database.db
      .select()
      .from(deviceShadows)
      .where(eq(deviceShadows.deviceId, machine(2).id));
    expect(device?.lastSeenAt).not.toBeNull();
  });
});
