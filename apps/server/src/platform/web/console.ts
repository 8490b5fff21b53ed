import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { PAY_PAGE_CONTENT_SECURITY_POLICY, permissionsPolicy } from "../http/security-headers.js";

/** The document the public tools open in (see sendIndex). */
export const PUBLIC_TOOLS_PATH = "/tools";
/** The customer's pay pages: /pay/qr/<code>, /pay/d/<serial>, /pay/sandbox/<order>, /pay/order/<order>. */
export const PAY_PATH = "/pay/";

/**
 * Serves the built console. index.html is answered with the api-key filled in, so one build works
 * with whatever API_KEY the server runs with. Hashed assets are cached for a year.
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
  const index = withKey(indexPath);
  const payPath = path.join(webDist, "pay.html");
  const pay = fs.existsSync(payPath) ? withKey(payPath) : undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // index.html and pay.html are only ever answered with the api-key filled in, at their routes.
    allowedPath: (pathName) => pathName !== "/index.html" && pathName !== "/pay.html",
    setHeaders(res, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      }
    },
  });
  const sendIndex = (reply: FastifyReply, features: readonly string[]) =>
    reply
      .type("text/html")
      .header("cache-control", "no-cache")
      .header("permissions-policy", permissionsPolicy(features))
      .send(index);
  app.get("/", async (_request, reply) => sendIndex(reply, []));
  // The public tools (`/tools#/open/tools/bluetooth`) are the same console as a document of their
  // own, so that Web Bluetooth is allowed there and nowhere else.
  app.get(PUBLIC_TOOLS_PATH, async (_request, reply) => sendIndex(reply, ["bluetooth"]));
  // The customer's pay pages (a pay QR code, a machine's sticker, the sandbox's checkout, a payment's
  // status): their own small document, without the console.
  if (pay) {
    app.get(`${PAY_PATH}*`, async (_request, reply) =>
      reply
        .type("text/html")
        .header("cache-control", "no-cache")
        .header("permissions-policy", permissionsPolicy([]))
        .header("content-security-policy", PAY_PAGE_CONTENT_SECURITY_POLICY)
        .send(pay),
    );
  }
}
