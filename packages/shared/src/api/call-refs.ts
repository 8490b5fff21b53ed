import { API } from "./registry.js";
import type { CallIdentity } from "./registry-index.js";

/**
 * The console's light call table. The browser needs only each call's method, path, whether it
 * mutates and its operation-log label: the client sends by method and path, the operation-log
 * screen lists the labels of mutating calls. Its bundle therefore uses a module rendered from this
 * registry in place of registry.ts (see apps/web/build/call-refs-plugin.ts), so zod and every schema
 * load only with the screens whose forms use them, never with the sign-in page or the frame.
 */
export function callRefs(): Record<string, Record<string, CallIdentity>> {
  return Object.fromEntries(
    Object.entries(API).map(([domain, calls]) => [
      domain,
      Object.fromEntries(
        Object.entries(calls).map(([name, c]) => [
          name,
          { method: c.method, path: c.path, mutates: c.mutates, ...(c.log ? { log: c.log } : {}) },
        ]),
      ),
    ]),
  );
}

/** The source of that module; `indexModule` is the import specifier of registry-index.ts. */
export function renderCallRefsModule(indexModule: string): string {
  return [
    "// Rendered at build time from packages/shared/src/api/registry.ts: method, path, mutates and log only.",
    `import { indexRegistry } from ${JSON.stringify(indexModule)};`,
    `export const API = ${JSON.stringify(callRefs())};`,
    "const index = indexRegistry(API);",
    "export const ALL_ENDPOINTS = index.all;",
    "export const endpointId = index.endpointId;",
    "export const findEndpointId = index.findEndpointId;",
    "",
  ].join("\n");
}
