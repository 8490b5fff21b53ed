import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadKey } from "../../modules/uploads/test-helpers.js";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";

/** Every kind of response carries the security headers; only the public tools' page may use Bluetooth. */
let server: TestServer;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "wb-headers-"));

beforeAll(async () => {
  fs.writeFileSync(path.join(webDist, "index.html"), '<!doctype html><meta name="api-key" content="%API_KEY%">');
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe("security headers", () => {
  it("are on the console, the API (answers and refusals), files and unknown routes", async () => {
    const responses = {
      console: await server.app.inject({ method: "GET", url: "/" }),
      api: await server.app.inject({
        method: "POST",
        url: API.systemConfig.config.path,
        headers: { "api-key": TEST_API_KEY },
      }),
      refusal: await server.app.inject({
        method: "POST",
        url: API.shops.list.path,
        headers: { "api-key": TEST_API_KEY },
      }),
      file: await server.app.inject({
        method: "GET",
        url: `/uploads/${await uploadKey(server, await server.login("vendor_admin"))}`,
      }),
      unknown: await server.app.inject({ method: "GET", url: "/nowhere" }),
    };
    for (const [what, response] of Object.entries(responses)) {
      const h = response.headers;
      expect(h["x-content-type-options"], what).toBe("nosniff");
      expect(h["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
      expect(String(h["permissions-policy"]), what).toContain("bluetooth=()");
      const csp = String(h["content-security-policy"]);
      if (what !== "file") {
        expect(csp, what).toContain("frame-ancestors 'none'");
        expect(csp, what).toMatch(/script-src 'self'(;|$)/);
        expect(csp, what).not.toContain("unsafe-eval");
      }
    }
    expect(responses.console.statusCode).toBe(200);
    expect(responses.file.statusCode).toBe(200);
    // An uploaded file is never a document that runs anything.
    expect(String(responses.file.headers["content-security-policy"])).toContain("sandbox");
  });

  it("let the public tools' page, and no other, use Web Bluetooth", async () => {
    const tools = await server.app.inject({ method: "GET", url: "/tools" });
    expect(tools.statusCode).toBe(200);
    expect(String(tools.headers["permissions-policy"])).toContain("bluetooth=(self)");
    expect(String(tools.headers["permissions-policy"])).toContain("camera=()");
  });
});
