import { API, type ErrorCode } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Parallel wrong passwords cannot get more checks than the limit: counting and checking are one
 * statement. (A refused attempt answers LOGIN_THROTTLED before any password is looked at; a
 * checked wrong one answers LOGIN_FAILED.)
 */
const PER_USER = 5;
const PER_ADDRESS = 10;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ loginMaxFailuresPerUser: PER_USER, loginMaxFailuresPerAddress: PER_ADDRESS });
});
afterAll(() => server.close());

async function codesOf(attempts: Promise<{ body: { code?: string } }>[]) {
  const counts: Partial<Record<ErrorCode, number>> = {};
  for (const { body } of await Promise.all(attempts)) {
    const code = body.code as ErrorCode;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

describe("sign-in throttling under parallel attempts", () => {
  it("checks at most the per-user limit of 50 parallel wrong passwords for one user", async () => {
    const attempts = Array.from({ length: 50 }, (_, n) =>
      server.sendRaw(API.auth.login, { login: "vendor_admin", password: "wrong-pass" }, { ip: `10.31.0.${n + 1}` }),
    );
    expect(await codesOf(attempts)).toEqual({ LOGIN_FAILED: PER_USER, LOGIN_THROTTLED: 50 - PER_USER });
  });

  it("checks at most the per-address limit of 50 parallel attempts from one address", async () => {
    const attempts = Array.from({ length: 50 }, (_, n) =>
      server.sendRaw(API.auth.login, { login: `nobody${n}`, password: "wrong-pass" }, { ip: "10.32.0.1" }),
    );
    expect(await codesOf(attempts)).toEqual({ LOGIN_FAILED: PER_ADDRESS, LOGIN_THROTTLED: 50 - PER_ADDRESS });
  });

  it("does not count successful sign-ins against their address", async () => {
    for (let n = 0; n < PER_ADDRESS + 5; n++) {
      const answer = await server.sendRaw(
        API.auth.login,
        { login: "group_admin", password: "demo1234" },
        { ip: "10.33.0.1" },
      );
      expect(answer.http, `sign-in ${n + 1}`).toBe(200);
    }
  });
});
