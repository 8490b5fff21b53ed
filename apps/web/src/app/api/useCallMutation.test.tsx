import { QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import { API } from "@washboard/shared";
import type { ReactNode } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";

const order: string[] = [];
vi.mock("./client", () => ({
  call: vi.fn(async (contract: { path: string }) => {
    order.push(`call ${contract.path}`);
    return { id: 1 };
  }),
  ApiError: class extends Error {},
}));
vi.mock("../session/boot", () => ({
  refreshSessionAlliances: vi.fn(async () => {
    order.push("session alliances");
  }),
  refreshSessionVendor: vi.fn(async () => {}),
  followVendorChange: vi.fn(async () => {}),
}));

const { queryKeys } = await import("./query-keys");
const { useCallMutation } = await import("./useCallMutation");

/** One cached query per domain the tests look at, none of them shown (so none refetches). */
const KEYS: Record<string, QueryKey> = {
  shopList: queryKeys.call(API.shops.list, null, {}, 20, null),
  shopOptions: queryKeys.call(API.shops.options, null),
  locations: queryKeys.call(API.locations.list, null, {}, 20, null),
  alliances: queryKeys.call(API.alliances.list, null, {}, 20, null),
  freeShops: queryKeys.call(API.alliances.freeShops),
  payqr: queryKeys.call(API.payqr.list, null, {}, 20, null),
  brands: queryKeys.call(API.brands.list, null, {}, 20, null),
  roles: queryKeys.call(API.roles.list, "options"),
};

let client: QueryClient;
beforeEach(() => {
  order.length = 0;
  client = new QueryClient();
  for (const key of Object.values(KEYS)) client.setQueryData(key, { seeded: true });
});

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const invalidated = () =>
  Object.entries(KEYS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();

describe("useCallMutation", () => {
  it("after a shop changes, refetches the shop, location, alliance and pay QR queries, not the brands", async () => {
    const { result } = renderHook(() => useCallMutation(API.shops.remove), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1 }));
    expect(invalidated()).toEqual(["alliances", "freeShops", "locations", "payqr", "shopList", "shopOptions"]);
  });

  it("after a location changes, refetches locations and shops only", async () => {
    const { result } = renderHook(() => useCallMutation(API.locations.remove), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1 }));
    expect(invalidated()).toEqual(["locations", "shopList", "shopOptions"]);
  });

  it("runs the domain's declared side effect (the session's alliances) before the refetch and the caller", async () => {
    const onSuccess = vi.fn(() => {
      order.push("caller");
    });
    const { result } = renderHook(() => useCallMutation(API.alliances.remove, { onSuccess }), { wrapper });
    await act(() => result.current.mutateAsync({ id: 1 }));
    expect(order).toEqual([`call ${API.alliances.remove.path}`, "session alliances", "caller"]);
    expect(invalidated()).toEqual(["alliances", "freeShops", "shopList", "shopOptions"]);
    expect(onSuccess).toHaveBeenCalledWith({ id: 1 }, { id: 1 });
  });

  it("builds the payload with toBody and hands the caller what it passed", async () => {
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () =>
        useCallMutation(API.brands.remove, {
          toBody: (row: { id: number; name: string }) => ({ id: row.id }),
          onSuccess,
        }),
      { wrapper },
    );
    act(() => result.current.mutate({ id: 3, name: "Bubbles" }));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const { call } = await import("./client");
    expect(call).toHaveBeenLastCalledWith(API.brands.remove, { id: 3 });
    expect(onSuccess).toHaveBeenCalledWith({ id: 1 }, { id: 3, name: "Bubbles" });
    expect(invalidated()).toEqual(["brands"]);
  });
});
