// `npm run serve`: the production command. Runs the compiled server (`npm run build` makes it) with
// no TypeScript tooling loaded, as a production install (NODE_ENV=production unless set otherwise:
// no demo data, a first administrator required; docs/operations.md). Refuses a missing or stale build
// rather than run code older than the checkout.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { bundleIsCurrent, bundleOutput } from "./server-build.mjs";

const root = path.resolve(import.meta.dirname, "..");
if (!bundleIsCurrent(root, "server")) {
  console.error("The compiled server is missing or older than its sources: run `npm run build` first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
// Stack traces name the TypeScript sources (the bundle's linked source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, bundleOutput("server"))).href);
