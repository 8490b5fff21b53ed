import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { API, type CommandItem, type DashboardSummary, type DeviceItem, type ListPage } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { type CommandOutcomes, outcomesKey } from "../../features/devices/device-cache";
import { queryKeys } from "../api/query-keys";
import type { LiveContext } from "../feature-contract";
import { applyLiveEvent as applyWith, loadTopicHandlers } from "./topic-handlers";

/** The console's handlers, as the features declare them. */
const handlers = await loadTopicHandlers();
const applyLiveEvent = (topic: string, data: string, context: LiveContext) => applyWith(handlers, topic, data, context);

const op = (id: number) => ({ id, action: "shops.create", outcome: "success" as const, created_at: id, actor: "a" });

function summaryWith(ids: number[]): DashboardSummary {
  return {
    scope: "vendor",
    name: "KL",
    currency: "MYR",
    time_zone: "Asia/Kuala_Lumpur",
    vendor_count: 1,
    account_count: 2,
    device_count: 0,
    device_online_count: 0,
    device_states: { online: 0, offline: 0, unknown: 0, busy: 0, fault: 0 },
    device_types: [],
    last_login_at: null,
    last_login_ip: null,
    recent_operations: ids.map(op),
    broker_risks: [],
    public_address: null,
  };
}

describe("live topic handlers", () => {
  it("put a logged operation first in the dashboard's recent operations, once, keeping eight", () => {
    const client = new QueryClient();
    const key = queryKeys.call(API.dashboard.summary, null);
    client.setQueryData(key, summaryWith([8, 7, 6, 5, 4, 3, 2, 1]));
    const event = JSON.stringify(op(9));
    applyLiveEvent("operationLog.recorded", event, { client, activeVendorId: null });
    applyLiveEvent("operationLog.recorded", event, { client, activeVendorId: null });
    const ids = client.getQueryData<DashboardSummary>(key)?.recent_operations.map((o) => o.id);
    expect(ids).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it("leave another vendor's cached dashboard alone, and refetch everything on reset", async () => {
    const client = new QueryClient();
    const other = queryKeys.call(API.dashboard.summary, 2);
    client.setQueryData(other, summaryWith([1]));
    applyLiveEvent("operationLog.recorded", JSON.stringify(op(5)), { client, activeVendorId: 1 });
    expect(client.getQueryData<DashboardSummary>(other)?.recent_operations).toHaveLength(1);
    applyLiveEvent("reset", "{}", { client, activeVendorId: 1 });
    expect(client.getQueryState(other)?.isInvalidated).toBe(true);
  });
});

function device(id: number, name: string): DeviceItem {
  return {
    id,
    serial_number: `WB-${id}`,
    name,
    machine_number: String(id),
    machine_type: "washer",
    shop_id: 1,
    shop_name: "Bangsar",
    price_template_id: null,
    price_template_name: null,
    online: false,
    presence: "offline",
    busy: false,
    fault_code: null,
    firmware: "1.0.0",
    cashbox_current: 0,
    cashbox_cumulative: 0,
    params_reported: { water_level: 2 },
    params_desired: {},
    responding: true,
    last_seen_at: null,
    subscription_expires_at: null,
  };
}

const page = <T>(items: T[]): ListPage<T> => ({ items, total: items.length, next_cursor: null });

function command(id: string, deviceId: number, state: CommandItem["state"], reason: string | null = null): CommandItem {
  return {
    id,
    device_id: deviceId,
    batch_id: null,
    kind: "remote_start",
    args: { start_type: "free_start", program: "hot", price: 500 },
    state,
    via: "broker",
    reason,
    detail: null,
    result: null,
    late: false,
    account_id: 1,
    created_at: 100,
    sent_at: state === "queued" ? null : 100,
    finished_at: null,
    expires_at: 160,
  };
}

describe("device topic handlers", () => {
  it("merge a status change into every cached page of the device list, only the fields that changed", () => {
    const client = new QueryClient();
    const all = queryKeys.call(API.devices.list, null, {}, 20, null);
    const shop = queryKeys.call(API.devices.list, null, { shop_id: 1 }, 200, null);
    const otherVendor = queryKeys.call(API.devices.list, 9, {}, 20, null);
    client.setQueryData(all, page([device(1, "Washer 1"), device(2, "Washer 2")]));
    client.setQueryData(shop, page([device(2, "Washer 2")]));
    client.setQueryData(otherVendor, page([device(2, "Elsewhere")]));
    const dashboard = queryKeys.call(API.dashboard.summary, null);
    client.setQueryData(dashboard, summaryWith([]));
    const event = {
      devices: [
        {
          id: 2,
          online: true,
          busy: true,
          fault: "E01",
          cashbox: { current: 1250, cumulative: 98000 },
          last_seen_at: 500,
        },
        { id: 77, online: true, last_seen_at: 500 },
      ],
    };
    applyLiveEvent("devices.status", JSON.stringify(event), { client, activeVendorId: null });

    for (const key of [all, shop]) {
      const washer = client.getQueryData<ListPage<DeviceItem>>(key)?.items.find((d) => d.id === 2);
      expect(washer).toMatchObject({
        name: "Washer 2",
        online: true,
        busy: true,
        fault_code: "E01",
        cashbox_current: 1250,
        cashbox_cumulative: 98000,
        last_seen_at: 500,
        // Not in the event: unchanged.
        firmware: "1.0.0",
        params_reported: { water_level: 2 },
        responding: true,
      });
    }
    expect(client.getQueryData<ListPage<DeviceItem>>(all)?.items[0]).toEqual(device(1, "Washer 1"));
    expect(client.getQueryData<ListPage<DeviceItem>>(otherVendor)?.items[0]?.online).toBe(false);
    // The dashboard counts the devices online: it refetches.
    expect(client.getQueryState(dashboard)?.isInvalidated).toBe(true);

    // A fault cleared (null) and new reported parameters.
    const cleared = { devices: [{ id: 2, fault: null, params: { water_level: 3 }, last_seen_at: 510 }] };
    applyLiveEvent("devices.status", JSON.stringify(cleared), { client, activeVendorId: null });
    expect(client.getQueryData<ListPage<DeviceItem>>(all)?.items[1]).toMatchObject({
      fault_code: null,
      params_reported: { water_level: 3 },
      online: true,
    });
  });

  it("read a device list again when its answer was still on the way (read before the change)", async () => {
    const client = new QueryClient();
    const key = queryKeys.call(API.devices.list, null, {}, 20, null);
    const idle = page([device(2, "Washer 2")]);
    let reads = 0;
    let answerStale: (value: ListPage<DeviceItem>) => void = () => undefined;
    // A screen showing the list: its first read answered, a second one (after a command) slow and stale.
    const observer = new QueryObserver(client, {
      queryKey: key,
      queryFn: () => {
        reads += 1;
        if (reads === 1) return Promise.resolve(idle);
        if (reads === 2) return new Promise<ListPage<DeviceItem>>((resolve) => (answerStale = resolve));
        return Promise.resolve(page([{ ...device(2, "Washer 2"), busy: true }]));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => client.getQueryData(key)).toEqual(idle);
    void observer.refetch();
    await expect.poll(() => reads).toBe(2);

    const event = { devices: [{ id: 2, busy: true, last_seen_at: 600 }] };
    applyLiveEvent("devices.status", JSON.stringify(event), { client, activeVendorId: null });
    answerStale(idle);
    await expect.poll(() => client.getQueryData<ListPage<DeviceItem>>(key)?.items[0]?.busy).toBe(true);
    expect(reads).toBe(3);
    unsubscribe();
  });

  it("put a command's new state into the history and the outcome store, never moving it back", () => {
    const client = new QueryClient();
    const ofDevice2 = queryKeys.call(API.devices.commands, null, { device_id: 2 }, 20, null);
    const ofDevice3 = queryKeys.call(API.devices.commands, null, { device_id: 3 }, 20, null);
    const secondPage = queryKeys.call(API.devices.commands, null, { device_id: 2 }, 20, "cursor-2");
    const failedOnly = queryKeys.call(API.devices.commands, null, { state: "failed" }, 20, null);
    client.setQueryData(ofDevice2, page([command("a", 2, "sent")]));
    client.setQueryData(ofDevice3, page<CommandItem>([]));
    client.setQueryData(secondPage, page<CommandItem>([]));
    client.setQueryData(failedOnly, page<CommandItem>([]));
    const send = (c: CommandItem) =>
      applyLiveEvent("devices.command", JSON.stringify(c), { client, activeVendorId: null });

    send(command("a", 2, "succeeded"));
    send(command("b", 2, "failed", "offline"));
    // A late "sent" of a command that already ended changes nothing.
    send(command("a", 2, "sent"));

    const history = client.getQueryData<ListPage<CommandItem>>(ofDevice2);
    expect(history?.items.map((c) => [c.id, c.state, c.reason])).toEqual([
      ["b", "failed", "offline"],
      ["a", "succeeded", null],
    ]);
    expect(history?.total).toBe(2);
    expect(client.getQueryData<ListPage<CommandItem>>(ofDevice3)?.items).toEqual([]);
    expect(client.getQueryData<ListPage<CommandItem>>(secondPage)?.items).toEqual([]);
    expect(client.getQueryData<ListPage<CommandItem>>(failedOnly)?.items.map((c) => c.id)).toEqual(["b"]);

    const outcomes = client.getQueryData<CommandOutcomes>(outcomesKey(null));
    expect(outcomes?.a?.state).toBe("succeeded");
    expect(outcomes?.b).toMatchObject({ state: "failed", reason: "offline" });
  });
});
