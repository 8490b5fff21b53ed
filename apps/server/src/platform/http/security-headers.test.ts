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
  fs.writeFileSync(path.join(webDist, "pay.html"), '<!doctype html><meta name="api-key" content="%API_KEY%">');
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

  it("give the pay page its own minimal policy: no card reader, no inline styles", async () => {
    const pay = await server.app.inject({ method: "GET", url: "/pay/qr/abc" });
    expect(pay.statusCode).toBe(200);
    const csp = String(pay.headers["content-security-policy"]);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain("ws://");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    const console = String((await server.app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    expect(console).toContain("ws://127.0.0.1:");
  });

  it("say Strict-Transport-Security only over HTTPS", async () => {
    const plain = await server.app.inject({ method: "GET", url: "/" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    // Behind a proxy that ends TLS and says so.
    process.env.TRUST_PROXY = "1";
    const proxied = await startTestServer({ webDist }).finally(() => {
      delete process.env.TRUST_PROXY;
    });
    try {
      const answer = await proxied.app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
      expect(String(answer.headers["strict-transport-security"])).toContain("max-age=");
    } finally {
      await proxied.close();
    }
  });
});
