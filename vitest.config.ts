import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { cataloguePartsPlugin } from "./apps/web/build/catalogue-parts-plugin.js";

/** CI asks for a JSON report beside the console output, to count every test it ran. */
const jsonReport = process.env.CI_JSON;

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the CPUs: one on a two-CPU machine, where our files
    // spend much of their time waiting on the database, the broker and machines' answers. Two there
    // took the embedded pass from 27 to 19 minutes. Each file has its own database, so files in
    // parallel share nothing but the broker, where serials are unique to the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: jsonReport ? ["default", "json"] : ["default"],
    outputFile: jsonReport ? { json: jsonReport } : undefined,
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/device-sim/src/**/*.test.ts",
            "apps/card-reader/src/**/*.test.ts",
            "apps/web/build/**/*.test.ts",
            "scripts/**/*.test.mjs",
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        esbuild: { jsx: "automatic" },
        // The console's catalogues come in parts, as in its build.
        plugins: [cataloguePartsPlugin()],
        test: {
          name: "web",
          environment: "happy-dom",
          include: ["apps/web/src/**/*.test.{ts,tsx}"],
          setupFiles: ["apps/web/src/test/setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
