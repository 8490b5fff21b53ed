import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Plugin } from "vite";

const shared = path.resolve(import.meta.dirname, "../../../packages/shared/src/api");
const REGISTRY = path.join(shared, "registry.ts");
const REFS_ID = "\0washboard-call-refs";

/**
 * Serves the console's imports of the shared call registry from a light table of method, path and
 * mutates (packages/shared/src/api/call-refs.ts explains why). The table is rendered from the real
 * registry once per build, so it cannot drift from the contracts the server enforces.
 */
export function callRefsPlugin(): Plugin {
  let source: string | undefined;
  return {
    name: "washboard-call-refs",
    enforce: "pre",
    async resolveId(id, importer, options) {
      if (!importer || !id.endsWith("registry.js")) return null;
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true });
      return resolved?.id === REGISTRY ? REFS_ID : null;
    },
    load(id) {
      if (id !== REFS_ID) return null;
      source ??= execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          `import { renderCallRefsModule } from ${JSON.stringify(path.join(shared, "call-refs.ts"))};
           process.stdout.write(renderCallRefsModule(${JSON.stringify(path.join(shared, "registry-index.ts"))}));`,
        ],
        { encoding: "utf8" },
      );
      return source;
    },
  };
}
