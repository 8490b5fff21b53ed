import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { antdCssPlugin } from "./build/antd-css-plugin.js";
import { callRefsPlugin } from "./build/call-refs-plugin.js";
import { cataloguePartsPlugin } from "./build/catalogue-parts-plugin.js";
import { precompressPlugin } from "./build/precompress-plugin.js";
import { preloadRoutePlugin } from "./build/preload-route-plugin.js";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [
    react(),
    // The library's styles as static CSS, each component's with the chunk that uses it (zeroRuntime).
    antdCssPlugin(),
    callRefsPlugin(),
    cataloguePartsPlugin(),
    // The sign-in page's chunk is fetched with the entry, not after it has run.
    preloadRoutePlugin({ html: "index.html", module: "src/features/auth/LoginPage.tsx" }),
    precompressPlugin(),
  ],
  server: { proxy: { "/api": apiTarget, "/uploads": apiTarget, "/webhooks": apiTarget } },
  // The export worker loads exceljs on demand: ES module workers can split code.
  worker: { format: "es" },
  build: {
    target: "es2022",
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The console, and the customer's pay page: a document of its own that shares no console code.
      input: { index: "index.html", pay: "pay.html" },
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            { name: "swagger-ui", test: /node_modules[\\/]swagger-ui-dist[\\/]/, priority: 20 },
            // The light call table (build/call-refs-plugin.ts) that the console and the pay page share:
            // named for what it is, not merged into whichever shared chunk rolldown names first.
            { name: "call-refs", test: /washboard-call-refs|shared[\\/]src[\\/]api[\\/]registry-index/, priority: 10 },
            // What every component of the library uses (the button's wave, compact spacing, locale and
            // config contexts, the status icons): in a chunk of its own, or rolldown files it with
            // some rare component and the dashboard loads the colour picker to get a button.
            {
              name: "antd-base",
              test: /node_modules[\\/]antd[\\/]es[\\/](_util[\\/]wave|_util[\\/]hooks|space[\\/]Compact|space[\\/]style|locale[\\/](context|useLocale)|config-provider[\\/]DisabledContext|style[\\/]motion)|node_modules[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/](Check|Close|Exclamation|Info)CircleFilled/,
              priority: 5,
            },
            // The shared formatters (time, money) are small and used everywhere; left to rolldown they
            // share a chunk with the validation library, which the dashboard does not otherwise need.
            { name: "shared-format", test: /packages[\\/]shared[\\/]src[\\/]format[\\/]/, priority: 5 },
            { name: "zod", test: /node_modules[\\/]zod[\\/]/, priority: 5 },
          ],
        },
      },
    },
  },
});
