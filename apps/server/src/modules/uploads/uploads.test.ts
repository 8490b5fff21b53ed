import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { API, LIMITS } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, TEST_API_KEY, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { checkImages } from "./images.js";
import { uploads } from "./tables.js";
import { JPEG, multipart, PNG, upload, uploadKey, WEBP } from "./test-helpers.js";

let server: TestServer;
let dataDir: string;
let groupToken: string;
let vendorToken: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-uploads-"));
  server = await startTestServer({ dataDir });
  groupToken = await server.login("group_admin");
  vendorToken = await server.login("vendor_admin");
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("POST /api/v2/Upload/image", () => {
  it("stores a png under DATA_DIR/uploads by its content and serves it back byte-identical, cached for good", async () => {
    const { http, body } = await upload(server, groupToken, { name: "logo.png", type: "image/png", bytes: PNG });
    expect(http, JSON.stringify(body)).toBe(200);
    const { key, url, content_type, size } = body.result;
    expect(key).toMatch(/^[0-9a-f]{64}\.png$/);
    expect(url).toBe(`/uploads/${key}`);
    expect(content_type).toBe("image/png");
    expect(size).toBe(PNG.length);
    expect(fs.readFileSync(path.join(dataDir, "uploads", key.slice(0, 2), key)).equals(PNG)).toBe(true);

    const served = await server.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers.etag).toBe(`"${key.slice(0, 64)}"`);
    const again = await server.app.inject({
      method: "GET",
      url,
      headers: { "if-none-match": `"${key.slice(0, 64)}"` },
    });
    expect(again.statusCode).toBe(304);
  });

  it("records which tenant uploaded it, once per tenant even when uploaded twice", async () => {
    await upload(server, groupToken, { name: "a.png", type: "image/png", bytes: PNG });
    await upload(server, vendorToken, { name: "b.png", type: "image/png", bytes: PNG });
    const rows = await server.database.db.select().from(uploads);
    const pngRows = rows.filter((r) => r.key.endsWith(".png"));
    expect(pngRows).toHaveLength(2);
    expect(pngRows.some((r) => r.vendorId === null && r.groupId !== null)).toBe(true);
    expect(pngRows.some((r) => r.vendorId !== null)).toBe(true);
  });

  it("accepts jpeg and webp, named by their type whatever the file name says", async () => {
    const jpeg = await upload(server, groupToken, { name: "photo.png", type: "image/png", bytes: JPEG });
    expect(jpeg.body.result?.key).toMatch(/\.jpg$/);
    expect(jpeg.body.result?.content_type).toBe("image/jpeg");
    const webp = await upload(server, groupToken, { name: "x.bin", type: "application/octet-stream", bytes: WEBP });
    expect(webp.body.result?.key).toMatch(/\.webp$/);
    const served = await server.app.inject({ method: "GET", url: webp.body.result.url });
    expect(served.headers["content-type"]).toBe("image/webp");
  });

  it("refuses a text file renamed .png by its magic bytes", async () => {
    const text = Buffer.from("just some text, not an image at all\n");
    const { http, body } = await upload(server, groupToken, { name: "fake.png", type: "image/png", bytes: text });
    expect(http).toBe(415);
    expect(body.code).toBe("UNSUPPORTED_FILE_TYPE");
    // A GIF is an image, but not one of the accepted types.
    const gif = await upload(server, groupToken, {
      name: "a.gif",
      type: "image/gif",
      bytes: Buffer.from("GIF89a...."),
    });
    expect(gif.body.code).toBe("UNSUPPORTED_FILE_TYPE");
  });

  it("accepts exactly the size cap and refuses one byte more with PAYLOAD_TOO_LARGE", async () => {
    const atCap = Buffer.concat([PNG, Buffer.alloc(LIMITS.uploadImageMaxBytes - PNG.length, 7)]);
    const ok = await upload(server, groupToken, { name: "big.png", type: "image/png", bytes: atCap });
    expect(ok.http, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.result.size).toBe(LIMITS.uploadImageMaxBytes);
    const over = Buffer.concat([atCap, Buffer.alloc(1)]);
    const refused = await upload(server, groupToken, { name: "big.png", type: "image/png", bytes: over });
    expect(refused.http).toBe(413);
    expect(refused.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("takes the token as a form field or as Authorization: Bearer, and refuses without one", async () => {
    const bearer = await upload(server, groupToken, { name: "a.png", type: "image/png", bytes: PNG }, { bearer: true });
    expect(bearer.http).toBe(200);
    const anonymous = await upload(server, undefined, { name: "a.png", type: "image/png", bytes: PNG });
    expect(anonymous.http).toBe(401);
    expect(anonymous.body.code).toBe("UNAUTHORIZED");
    const forged = await upload(server, "not-a-token", { name: "a.png", type: "image/png", bytes: PNG });
    expect(forged.http).toBe(401);
    const noKey = await upload(server, groupToken, { name: "a.png", type: "image/png", bytes: PNG }, { apiKey: null });
    expect(noKey.body.code).toBe("API_KEY_INVALID");
  });

  it("checks the session before reading the file: an oversized file without a session answers UNAUTHORIZED", async () => {
    const huge = Buffer.concat([PNG, Buffer.alloc(LIMITS.uploadImageMaxBytes * 2, 7)]);
    const anonymous = await upload(server, undefined, { name: "big.png", type: "image/png", bytes: huge });
    expect([anonymous.http, anonymous.body.code]).toEqual([401, "UNAUTHORIZED"]);
    const forged = await upload(server, "not-a-token", { name: "big.png", type: "image/png", bytes: huge });
    expect(forged.http).toBe(401);
  });

  it("checks the tenant scope of the fields: another group's vendor_id answers NOT_FOUND", async () => {
    const { http, body } = await upload(
      server,
      groupToken,
      { name: "a.png", type: "image/png", bytes: PNG },
      { fields: { vendor_id: "999999" } },
    );
    expect(http).toBe(404);
    expect(body.code).toBe("NOT_FOUND");
  });

  it("refuses a call without a file, multipart or JSON", async () => {
    const empty = await upload(server, groupToken, undefined);
    expect(empty.http).toBe(400);
    expect(empty.body).toMatchObject({ code: "VALIDATION_FAILED", field: "file" });
    const json = await server.sendRaw(API.uploads.image, {}, { token: groupToken });
    expect(json.http).toBe(400);
    expect(json.body).toMatchObject({ code: "VALIDATION_FAILED", field: "file" });
  });

  it("refuses a truncated upload (the connection dropped mid-file) as invalid, naming the file field", async () => {
    const body = multipart({ token: groupToken, token_type: "1" }, { name: "a.png", type: "image/png", bytes: PNG });
    for (const cut of [body.payload.length - 30, body.payload.length - 4]) {
      const response = await server.app.inject({
        method: "POST",
        url: API.uploads.image.path,
        headers: { "content-type": body.contentType, "api-key": TEST_API_KEY },
        payload: body.payload.subarray(0, cut),
      });
      expect(response.statusCode, `cut at ${cut}`).toBe(400);
      expect(response.json()).toMatchObject({ code: "VALIDATION_FAILED", field: "file" });
    }
  });

  it("writes an operation-log row for each upload, failures included", async () => {
    const rows = await server.database.db.select().from(operationLog).where(eq(operationLog.action, "uploads.image"));
    expect(rows.some((r) => r.outcome === "success" && r.target.startsWith("upload:"))).toBe(true);
    expect(rows.some((r) => r.outcome === "failure" && r.errorCode === "UNSUPPORTED_FILE_TYPE")).toBe(true);
  });
});

describe("GET /uploads/:key", () => {
  it("answers NOT_FOUND for unknown or malformed keys, without the api-key", async () => {
    const unknown = await server.app.inject({ method: "GET", url: `/uploads/${"0".repeat(64)}.png` });
    expect(unknown.statusCode).toBe(404);
    const traversal = await server.app.inject({ method: "GET", url: "/uploads/..%2F..%2Fsecret.key" });
    expect(traversal.statusCode).toBe(404);
  });
});

describe("checkImages: the per-field image counts of spec §5, for every call that saves images", () => {
  it("takes six shop images of the vendor's own and refuses a seventh, a repeat or another vendor's", async () => {
    const { kl, bkk } = await demoVendors(server.database);
    const keys: string[] = [];
    for (let i = 0; i < LIMITS.imageCounts.shopImages + 1; i++) {
      keys.push(await uploadKey(server, vendorToken, Buffer.concat([PNG, Buffer.from(`shop ${i}`)])));
    }
    const { db } = server.database;
    const six = keys.slice(0, 6);
    await expect(checkImages(db, { vendorId: kl.id }, "shop.images", "images", six)).resolves.toEqual(six);
    await expect(checkImages(db, { vendorId: kl.id }, "shop.images", "images", keys)).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      field: "images",
      messageKey: "validation.tooManyImages",
    });
    const repeated = [six[0] ?? "", six[0] ?? ""];
    await expect(checkImages(db, { vendorId: kl.id }, "shop.images", "images", repeated)).rejects.toMatchObject({
      messageKey: "validation.invalid",
    });
    await expect(checkImages(db, { vendorId: bkk.id }, "shop.images", "images", six.slice(0, 1))).rejects.toMatchObject(
      { messageKey: "validation.imageUnknown" },
    );
    await expect(checkImages(db, { vendorId: kl.id }, "brand.logo", "logo", six.slice(0, 2))).rejects.toMatchObject({
      messageKey: "validation.oneImage",
    });
  });
});
