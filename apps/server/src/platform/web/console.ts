import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { INVITE_PATH } from "@washboard/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PAY_PAGE_CONTENT_SECURITY_POLICY, permissionsPolicy } from "../http/security-headers.js";
import { chosenEncoding, type EncodedDocument, encodedDocument } from "./encoding.js";

/** The document the public tools open in (see sendIndex). */
export const PUBLIC_TOOLS_PATH = "/tools";
/** The customer's pay pages: /pay/qr/<code>, /pay/d/<serial>, /pay/sandbox/<order>, /pay/order/<order>. */
export const PAY_PATH = "/pay/";

/** Hashed files (their name changes with their content) are kept by browsers for a year, unasked. */
const HASHED_ASSET_CACHE = "public, max-age=31536000, immutable";

/** Sends a document in the encoding the client takes best, with its cache and policy headers. */
function sendDocument(request: FastifyRequest, reply: FastifyReply, document: EncodedDocument) {
  const encoding = chosenEncoding(request.headers["accept-encoding"]);
  reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "accept-encoding");
  if (!encoding) return reply.send(document.plain);
  return reply.header("content-encoding", encoding).send(encoding === "br" ? document.br : document.gzip);
}

/**
 * Serves the built console. index.html is answered with the api-key filled in, so one build works
 * with whatever API_KEY the server runs with. Hashed assets are cached for a year; everything else
 * is revalidated (`no-cache`). Files go out as the build compressed them (brotli or gzip, see
 * apps/web/build/precompress-plugin.ts), the two documents as compressed once at start.
 */
export async function installConsole(app: FastifyInstance, webDist: string | undefined, apiKey: string) {
  const indexPath = webDist ? path.join(webDist, "index.html") : undefined;
  if (!webDist || !indexPath || !fs.existsSync(indexPath)) {
    app.get("/", async (_request, reply) =>
      reply.type("text/plain").send("The console is not built. Run `npm run build`, or `npm start` which builds it."),
    );
    return;
  }
  const withKey = (file: string) => fs.readFileSync(file, "utf8").replace("%API_KEY%", apiKey.replace(/[<>"&]/g, ""));
  const index = encodedDocument(withKey(indexPath));
  const payPath = path.join(webDist, "pay.html");
  const pay = fs.existsSync(payPath) ? encodedDocument(withKey(payPath)) : undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // index.html and pay.html are only ever answered with the api-key filled in, at their routes.
    allowedPath: (pathName) => pathName !== "/index.html" && pathName !== "/pay.html",
    preCompressed: true,
    // Its own cache-control (max-age=0) would replace ours.
    cacheControl: false,
    setHeaders(res, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("cache-control", hashed ? HASHED_ASSET_CACHE : "no-cache");
      res.setHeader("vary", "accept-encoding");
    },
  });
  const sendIndex = (request: FastifyRequest, reply: FastifyReply, features: readonly string[]) =>
    sendDocument(request, reply.header("permissions-policy", permissionsPolicy(features)), index);
  app.get("/", async (request, reply) => sendIndex(request, reply, []));
  // The public tools (`/tools#/open/tools/bluetooth`) are the same console as a document of their
  // own, so that Web Bluetooth is allowed there and nowhere else.
  app.get(PUBLIC_TOOLS_PATH, async (request, reply) => sendIndex(request, reply, ["bluetooth"]));
  // The customer's pay pages (a pay QR code, a machine's sticker, the sandbox's checkout, a payment's
  // status) and an invitation link's page (the link a poster carries): their own small document,
  // without the console.
  if (pay) {
    const sendPay = async (request: FastifyRequest, reply: FastifyReply) =>
      sendDocument(
        request,
        reply
          .header("permissions-policy", permissionsPolicy([]))
          .header("content-security-policy", PAY_PAGE_CONTENT_SECURITY_POLICY),
        pay,
      );
    app.get(`${PAY_PATH}*`, sendPay);
    app.get(`${INVITE_PATH}*`, sendPay);
  }
}
