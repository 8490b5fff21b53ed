import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { callRefsPlugin } from "./build/call-refs-plugin.js";
import { cataloguePartsPlugin } from "./build/catalogue-parts-plugin.js";
import { precompressPlugin } from "./build/precompress-plugin.js";

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:8080";

export default defineConfig({
  plugins: [react(), callRefsPlugin(), cataloguePartsPlugin(), precompressPlugin()],
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
          ],
        },
      },
    },
  },
});
