// Builds the card-reader app as one file the console offers for download (`/downloads/…`): the
// operator's counter PC needs only Node.js to run it, not this repository. PC/SC support loads
// `pcsclite` from beside the file when it is installed there (docs/card-reader-protocol.md).
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const outfile = process.argv[2] ?? path.join(root, "apps/web/dist/downloads/washboard-card-reader.mjs");

await build({
  entryPoints: [path.join(root, "apps/card-reader/src/cli.ts")],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "eof",
  // Optional native helpers of ws and the PC/SC binding: used when present, never bundled.
  external: ["pcsclite", "bufferutil", "utf-8-validate"],
  // ws is CommonJS: its require() of Node's own modules needs a require in an ES module.
  banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
  logLevel: "warning",
});
console.log(`card-reader app bundled: ${path.relative(root, outfile)}`);
