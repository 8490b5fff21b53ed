import { QueryClient } from "@tanstack/react-query";
import { API, type DashboardSummary } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { queryKeys } from "../api/query-keys";
import { applyLiveEvent } from "./topic-handlers";

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
    last_login_at: null,
    last_login_ip: null,
    recent_operations: ids.map(op),
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
