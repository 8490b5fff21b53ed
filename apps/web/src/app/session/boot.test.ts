import { API, type LoginResult } from "@washboard/shared";
import { beforeEach, describe, expect, it, vi } from "vitest";

/** Each call as it starts, and a way to answer it later: the test decides when the server answers. */
const started: { path: string; answer: (value: unknown) => void }[] = [];
vi.mock("../api/client", () => ({
  call: vi.fn(
    (contract: { path: string }) =>
      new Promise((resolve) => {
        started.push({ path: contract.path, answer: resolve });
      }),
  ),
}));
vi.mock("../i18n", () => ({ loadConsoleCatalogue: vi.fn(async () => undefined) }));

const { bootSession } = await import("./boot");
const { sessionStore } = await import("./store");
const { routeRegistry } = await import("../router/route-registry");

const signIn = (level: number, token: string) =>
  sessionStore.signIn({
    token,
    level,
    vendor_id: level === 3 ? 7 : null,
    group_id: null,
    username: "u",
    name: "U",
    avatar: "",
    roles: [],
  } as unknown as LoginResult);

/** Answers every call started so far as the server would, for the boot's needs. */
function answerAll() {
  for (const { path, answer } of started.splice(0)) {
    if (path === API.auth.accountInfo.path) answer({ common_info: { time_zone: "UTC", currency: "MYR" } });
    else if (path === API.alliances.sessionList.path) answer({ alliances: [] });
    else if (path === API.tenancy.routesMap.path) answer({ vendor_id: 7, variant: "laundry", routes: [] });
    else answer({ vendor_id: 7, name: "Shop" });
  }
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the boot calls after sign-in", () => {
  beforeEach(() => {
    started.length = 0;
  });

  it("ask a merchant's account info beside the other calls, not after them", async () => {
    signIn(3, "token-a");
    const done = bootSession();
    await flush();
    expect(started.map((c) => c.path).sort()).toEqual(
      [
        API.auth.accountInfo.path,
        API.tenancy.current.path,
        API.alliances.sessionList.path,
        API.tenancy.routesMap.path,
      ].sort(),
    );
    answerAll();
    await done;
    expect(sessionStore.get().user).toMatchObject({ permissions: [], vendor: { vendor_id: 7 } });
    expect(sessionStore.get().user?.accountInfo).not.toBeNull();
  });

  it("run once when a signed-in reload starts them early and the guard asks again", async () => {
    signIn(3, "token-b");
    const early = bootSession();
    const guard = bootSession();
    await flush();
    expect(started).toHaveLength(4);
    answerAll();
    await Promise.all([early, guard]);
    // Answered: a later call has nothing to do.
    await bootSession();
    await flush();
    expect(started).toHaveLength(0);
  });

  it("add the vendor's route map to the route registry before the session is marked booted", async () => {
    signIn(3, "token-c");
    const done = bootSession();
    await flush();
    const map = started.find((c) => c.path === API.tenancy.routesMap.path);
    map?.answer({
      vendor_id: 7,
      variant: "car_wash",
      routes: [{ path: "/shop/devices", title_key: "routes.car_wash_devices" }],
    });
    answerAll();
    await done;
    expect(routeRegistry.find("/shop/devices")?.titleKey).toBe("routes.car_wash_devices");
    routeRegistry.reset();
  });
});
