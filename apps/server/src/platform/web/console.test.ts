import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";
import { chosenEncoding } from "./encoding.js";

/** The console as a browser fetches it: compressed when it may be, cached for as long as it may be. */
let server: TestServer;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), "wb-console-"));
const script = `export const rows = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `row ${i}`))};`;
const ASSET = "/assets/index-Cq3x9Z.js";

beforeAll(async () => {
  fs.mkdirSync(path.join(webDist, "assets"));
  const asset = path.join(webDist, ASSET);
  // As the build leaves them (apps/web/build/precompress-plugin.ts).
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, gzipSync(script));
  fs.writeFileSync(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  fs.writeFileSync(path.join(webDist, "index.html"), '<!doctype html><meta name="api-key" content="%API_KEY%">');
  fs.writeFileSync(
    path.join(webDist, "pay.html"),
    '<!doctype html><meta name="api-key" content="%API_KEY%"><div id="pay-root"></div>',
  );
  server = await startTestServer({ webDist });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  server.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

describe("the built console", () => {
  it("sends a hashed file brotli-compressed to a browser that takes it, gzip to one that takes only gzip, plain otherwise", async () => {
    const br = await get(ASSET, "gzip, deflate, br, zstd");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get(ASSET, "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get(ASSET);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const answer of [br, gz, plain]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-type"]).toMatch(/javascript/);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it("lets browsers keep hashed files for a year without asking, and revalidate everything else", async () => {
    expect((await get(ASSET, "br")).headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await get("/favicon.svg")).headers["cache-control"]).toBe("no-cache");
    for (const url of ["/", "/tools", "/pay/qr/abc", "/m/invite/ABC"])
      expect((await get(url, "br")).headers["cache-control"]).toBe("no-cache");
  });

  it("sends the console's and the pay page's documents compressed, with the api-key filled in", async () => {
    for (const url of ["/", "/pay/qr/abc", "/m/invite/ABC"]) {
      const br = await get(url, "br;q=1, gzip;q=0.5");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(br.rawPayload).toString()).toContain(`content="${TEST_API_KEY}"`);
      const gz = await get(url, "gzip");
      expect(gunzipSync(gz.rawPayload).toString()).toContain(`content="${TEST_API_KEY}"`);
      const plain = await get(url, "identity");
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toContain(`content="${TEST_API_KEY}"`);
    }
  });

  it("answers an invitation link (/m/invite/<code>, what a poster carries) with the pay page's document and policy", async () => {
    const invite = await get("/m/invite/ABC");
    expect(invite.statusCode).toBe(200);
    expect(invite.body).toContain('<div id="pay-root">');
    expect(invite.body).toContain(`content="${TEST_API_KEY}"`);
    expect(invite.headers["content-security-policy"]).toBe(
      (await get("/pay/qr/abc")).headers["content-security-policy"],
    );
    expect((await get("/")).body).not.toContain("pay-root");
  });

  it("reads Accept-Encoding as browsers and proxies write it, q=0 meaning refused", () => {
    expect(chosenEncoding("gzip, deflate, br")).toBe("br");
    expect(chosenEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chosenEncoding("BR ; q=0.0 , GZIP;q=0.8")).toBe("gzip");
    expect(chosenEncoding("*")).toBe("gzip");
    expect(chosenEncoding("identity")).toBeUndefined();
    expect(chosenEncoding(undefined)).toBeUndefined();
  });
});
