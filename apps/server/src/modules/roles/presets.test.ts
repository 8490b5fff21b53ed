import {
  ALL_ENDPOINTS,
  API,
  effectivePermissions,
  endpointId,
  hasPermission,
  ROLE_PRESETS,
  type RolePreset,
} from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../seed/demo.js";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Issue 23: the named presets of spec §6, made into roles the way the console makes them (create_role
 * with the preset's keys and app roles) and given to sub-accounts, hold on the API what their
 * descriptions say (`packages/shared/src/access/role-presets.test.ts` checks the key sets against
 * the descriptions): every call is let through or refused by the effective keys alone.
 */
let server: TestServer;
const holder = (p: RolePreset) => `preset_${p.id}`;

beforeAll(async () => {
  server = await startTestServer({ loginMaxFailuresPerAddress: 100_000 });
  for (const preset of ROLE_PRESETS) {
    const role = await server.send(
      API.roles.create,
      { name: `Preset ${preset.id}`, permissions: [...preset.permissions], app_roles: [...preset.appRoles] },
      { as: "vendor_admin" },
    );
    expect(role.http, JSON.stringify(role.body)).toBe(200);
    const account = await server.send(
      API.subAccounts.create,
      {
        username: holder(preset),
        email: `${holder(preset)}@demo.test`,
        nickname: preset.id,
        password: DEMO_PASSWORD,
        confirm_password: DEMO_PASSWORD,
        role_id: role.body.result.id,
      },
      { as: "vendor_admin" },
    );
    expect(account.http, JSON.stringify(account.body)).toBe(200);
  }
});
afterAll(() => server.close());

describe.each(ROLE_PRESETS.map((p) => [p.id, p] as const))("the %s preset on the API", (_id, preset) => {
  it("gives its holder exactly the preset's keys and the locked ones", async () => {
    const { body } = await server.send(API.auth.permissions, {}, { as: holder(preset) });
    expect([...body.result.permission_list].sort()).toEqual([...effectivePermissions(preset.permissions)].sort());
  });

  it("lets its holder make exactly the calls those keys open", async () => {
    const held = effectivePermissions(preset.permissions);
    for (const contract of ALL_ENDPOINTS) {
      const { access } = contract;
      if (access.kind !== "session" || access.permission === undefined || access.levels?.includes(4) === false)
        continue;
      if (contract.stream) continue;
      const { http, body } = await server.sendRaw(contract, {}, { as: holder(preset) });
      const where = `${preset.id}: ${endpointId(contract)}`;
      if (hasPermission(held, access.permission)) expect([401, 403], `${where}: ${body.code}`).not.toContain(http);
      else expect([http, body.code], where).toEqual([403, "NO_PERMISSION"]);
    }
  });
});

describe("what the descriptions rule out, call by call", () => {
  const refused = async (username: string, contract: (typeof ALL_ENDPOINTS)[number]) => {
    const { http, body } = await server.sendRaw(contract, {}, { as: username });
    return http === 403 && body.code === "NO_PERMISSION";
  };

  it("financial staff (vendor info and revenue only) removes no location and manages no sub-account", async () => {
    for (const contract of [
      API.locations.remove,
      API.locations.create,
      API.alliances.remove,
      API.shops.remove,
      API.roles.create,
      API.subAccounts.create,
      API.subAccounts.modify,
      API.devices.reboot,
      API.orders.refundSandbox,
    ]) {
      expect(await refused("preset_financial", contract), endpointId(contract)).toBe(true);
    }
    for (const contract of [API.revenue.earningsMonth, API.vendorProfile.profile, API.locations.list]) {
      expect(await refused("preset_financial", contract), endpointId(contract)).toBe(false);
    }
  });

  it("sub-admin (all except sub-account management) runs everything else but roles and sub-accounts", async () => {
    for (const contract of [API.roles.create, API.roles.remove, API.subAccounts.create, API.subAccounts.remove]) {
      expect(await refused("preset_sub_admin", contract), endpointId(contract)).toBe(true);
    }
    for (const contract of [API.locations.remove, API.alliances.remove, API.orders.refundSandbox, API.roles.list]) {
      expect(await refused("preset_sub_admin", contract), endpointId(contract)).toBe(false);
    }
  });
});
