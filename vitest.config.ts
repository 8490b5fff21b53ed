import { defineConfig } from "vitest/config";
import { cataloguePartsPlugin } from "./apps/web/build/catalogue-parts-plugin.js";

/** CI asks for a JSON report beside the console output, to count every test it ran. */
const jsonReport = process.env.CI_JSON;

export default defineConfig({
  test: {
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
