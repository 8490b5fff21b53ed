import { CARD_READER_PORT } from "@washboard/shared";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * What a browser may do with our pages, stated once for every response (console, API, files):
 * scripts only from our own files — never inline —, no framing by other sites, no MIME sniffing, no
 * full referrer to other sites. Ant Design writes its styles at run time, hence inline styles.
 */
export const CONTENT_SECURITY_POLICY = {
  "default-src": ["'self'"],
  "script-src": ["'self'"],
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  // The card-reader app on the counter PC (spec §4: a local service on a fixed port), and nothing else.
  "connect-src": ["'self'", `ws://127.0.0.1:${CARD_READER_PORT}`, `ws://localhost:${CARD_READER_PORT}`],
  "worker-src": ["'self'", "blob:"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/**
 * The customer's pay page: its own files, its QR codes as data URLs, calls to our API — and nothing
 * the console needs besides (no card reader, no workers, no inline styles).
 */
export const PAY_PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** A year, sub-domains included: what browsers keep once they have seen the site over HTTPS. */
const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Powerful features no page of the console uses. */
const DENIED_FEATURES = ["camera", "microphone", "geolocation", "payment", "usb", "serial", "hid", "bluetooth"];

/**
 * The Permissions-Policy of a page: every feature above denied, but those the page needs, which it
 * may use itself (the public Bluetooth tool needs `bluetooth`).
 */
export function permissionsPolicy(allowed: readonly string[] = []): string {
  return DENIED_FEATURES.map((feature) => `${feature}=${allowed.includes(feature) ? "(self)" : "()"}`).join(", ");
}

/**
 * helmet's headers and our Permissions-Policy on every response, before anything else answers. The
 * middleware is built once: @fastify/helmet built it again for every request, a tenth of an ordinary
 * call's time. A route that needs other values (an uploaded file's CSP, the tools page's Bluetooth)
 * sets its own, which replace these when the answer is written.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  const applyHelmet = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    // Our images and files are same-origin; nothing needs cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Said below only over HTTPS: over plain HTTP browsers ignore it, and a test or a LAN install
    // that is reached over HTTP must not be told it is an HTTPS site.
    strictTransportSecurity: false,
  });
  // helmet does not write Permissions-Policy.
  const deniedFeatures = permissionsPolicy();
  app.addHook("onRequest", (request, reply, done) => {
    reply.raw.setHeader("permissions-policy", deniedFeatures);
    // request.protocol follows X-Forwarded-Proto from a trusted proxy that ends TLS in front of us.
    if (request.protocol === "https") reply.raw.setHeader("strict-transport-security", STRICT_TRANSPORT_SECURITY);
    applyHelmet(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}
