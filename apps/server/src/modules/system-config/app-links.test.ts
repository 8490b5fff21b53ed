import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appLinksCommand } from "../../cli/app-links-commands.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { seedDemoAppLinks } from "./app-links.js";

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const CONSOLE_ACCOUNTS = ["vendor_admin", "vendor_sub", "group_admin", "group_sub"];
const links = async (as: string) => (await server.send(API.systemConfig.appLinks, {}, { as })).body;

describe("Admin/get_app_download_links", () => {
  it("answers both links empty while the platform has set none, to every console level", async () => {
    for (const as of CONSOLE_ACCOUNTS) {
      expect(await links(as), as).toMatchObject({ status: 200, result: { customer_url: "", operator_url: "" } });
    }
    expect((await server.send(API.systemConfig.appLinks, {})).body.code).toBe("UNAUTHORIZED");
  });

  it("answers the links set-app-links sets, one at a time; an option left out keeps its link", async () => {
    await appLinksCommand(["--customer", " https://apps.laundry.test/customer "], server.database.db);
    expect((await links("vendor_sub")).result).toEqual({
      customer_url: "https://apps.laundry.test/customer",
      operator_url: "",
    });
    await appLinksCommand(["--operator", "http://apps.laundry.test/operator.apk"], server.database.db);
    for (const as of CONSOLE_ACCOUNTS) {
      expect((await links(as)).result, as).toEqual({
        customer_url: "https://apps.laundry.test/customer",
        operator_url: "http://apps.laundry.test/operator.apk",
      });
    }
  });

  it("refuses a link that is not an http(s) address, changing neither", async () => {
    for (const bad of ["ftp://apps.laundry.test/app", "not a link", "javascript:alert(1)"]) {
      await expect(
        appLinksCommand(["--customer", "https://apps.laundry.test/new", "--operator", bad], server.database.db),
      ).rejects.toThrow(`--operator must be an http(s) address, got "${bad}"`);
    }
    await expect(appLinksCommand([], server.database.db)).rejects.toThrow("set-app-links needs --customer");
    expect((await links("group_admin")).result.customer_url).toBe("https://apps.laundry.test/customer");
  });

  it("clears a link given as empty", async () => {
    await appLinksCommand(["--operator", ""], server.database.db);
    expect((await links("group_sub")).result.operator_url).toBe("");
  });

  it("gives the demo its links once, never over a link the platform set", async () => {
    expect(await seedDemoAppLinks(server.database.db)).toBe(true);
    expect((await links("vendor_admin")).result).toEqual({
      customer_url: "https://apps.laundry.test/customer",
      operator_url: "",
    });
    expect(await seedDemoAppLinks(server.database.db)).toBe(false);
  });
});
