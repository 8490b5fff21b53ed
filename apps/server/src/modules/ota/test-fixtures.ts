import { API } from "@washboard/shared";
import type { TestServer } from "../../test/harness.js";

/** A new shop of the token's vendor, for a test's machines. */
export async function newShop(server: TestServer, token: string, name: string): Promise<number> {
  const made = await server.send(API.shops.create, { name, address: "1 Firmware road", service_type: 1 }, { token });
  if (made.http !== 200) throw new Error(JSON.stringify(made.body));
  return made.body.result.id;
}

/** Waits until `check` holds, polling every 100 ms; fails naming `what` after `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
