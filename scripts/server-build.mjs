import fs from "node:fs";
import path from "node:path";
import { newestUnder } from "./console-build.mjs";

/**
 * `npm start` and `npm run serve` run the server, and `npm start` the demo's simulator, as plain
 * JavaScript bundled from their TypeScript here (into each app's dist/, not committed), not through
 * tsx: loading some 600 modules through tsx's resolver and transform cost about a second of every
 * start (issue 25, point 12), and a production install needs no TypeScript tooling at run time. The
 * administration CLI is bundled too, for installs without it. The tests and `npm run dev` keep
 * running the sources directly. `npm run build` builds them all (`node scripts/server-build.mjs`).
 */
export const BUNDLES = [
  {
    name: "server",
    entry: "apps/server/src/main.ts",
    output: "apps/server/dist/main.mjs",
    sources: ["apps/server/src"],
  },
  {
    name: "cli",
    entry: "apps/server/src/cli/main.ts",
    output: "apps/server/dist/cli.mjs",
    sources: ["apps/server/src"],
  },
  {
    name: "simulator",
    entry: "apps/device-sim/src/cli.ts",
    output: "apps/device-sim/dist/cli.mjs",
    sources: ["apps/device-sim/src"],
  },
];

/** What every bundle also depends on: the workspace packages and the installed dependencies. */
const SHARED_SOURCES = ["packages/shared/src", "packages/device-protocol/src", "package-lock.json"];

/** Whether a bundle is at least as new as everything it is made of. */
function isCurrent(root, bundle) {
  const output = path.join(root, bundle.output);
  if (!fs.existsSync(output)) return false;
  const sources = [...bundle.sources, ...SHARED_SOURCES].map((p) => newestUnder(path.join(root, p)));
  return fs.statSync(output).mtimeMs >= Math.max(...sources);
}

/** The installed packages stay outside the bundle (native addons, WASM, their own files); ours go in. */
const MANIFESTS = [
  "package.json",
  "apps/server/package.json",
  "apps/device-sim/package.json",
  "packages/shared/package.json",
  "packages/device-protocol/package.json",
];

function externalPackages(root) {
  const names = new Set();
  for (const manifest of MANIFESTS) {
    const json = JSON.parse(fs.readFileSync(path.join(root, manifest), "utf8"));
    for (const name of Object.keys({ ...json.dependencies, ...json.devDependencies, ...json.optionalDependencies })) {
      if (!name.startsWith("@washboard/")) names.add(name);
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/**
 * A few modules find files beside their source (migrations, SQL rules, the checkout's root) from
 * `import.meta.dirname`; in one bundle every module would share the bundle's folder, so each keeps
 * its own source folder instead.
 */
const ownFolderPlugin = {
  name: "own-folder",
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, "utf8");
      if (!text.includes("import.meta.dirname")) return undefined;
      return {
        contents: text.replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path))),
        loader: "ts",
      };
    });
  },
};

function bundleNamed(name) {
  const bundle = BUNDLES.find((b) => b.name === name);
  if (!bundle) throw new Error(`no bundle named ${name}`);
  return bundle;
}

/** Where the named bundle is written (relative to the checkout's root). */
export const bundleOutput = (name) => bundleNamed(name).output;

/** Whether the named bundle is at least as new as its sources (`npm run serve` refuses a stale one). */
export const bundleIsCurrent = (root, name) => isCurrent(root, bundleNamed(name));

/** Bundles what is older than its sources (or everything, `all`); returns the names of the bundles it built. */
export async function buildStaleBundles(root, { all = false } = {}) {
  const stale = BUNDLES.filter((bundle) => all || !isCurrent(root, bundle));
  if (stale.length === 0) return [];
  const { build } = await import("esbuild");
  const external = externalPackages(root);
  for (const bundle of stale) {
    await build({
      absWorkingDir: root,
      entryPoints: [bundle.entry],
      outfile: bundle.output,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      sourcemap: "linked",
      external,
      plugins: [ownFolderPlugin],
      logLevel: "warning",
    });
  }
  return stale.map((bundle) => bundle.name);
}

// `node scripts/server-build.mjs` (part of `npm run build`): every bundle, whatever their age.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, "..");
  const built = await buildStaleBundles(root, { all: true });
  for (const name of built) console.log(`${name} bundled: ${BUNDLES.find((b) => b.name === name).output}`);
}
