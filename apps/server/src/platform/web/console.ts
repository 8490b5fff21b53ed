import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { permissionsPolicy } from "../http/security-headers.js";

/** The document the public tools open in (see sendIndex). */
export const PUBLIC_TOOLS_PATH = "/tools";

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
  const index = fs.readFileSync(indexPath, "utf8").replace("%API_KEY%", apiKey.replace(/[<>"&]/g, ""));
  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: false,
    // index.html is only ever answered with the api-key filled in, at "/".
    allowedPath: (pathName) => pathName !== "/index.html",
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
}
