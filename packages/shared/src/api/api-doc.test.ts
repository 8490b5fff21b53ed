import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { renderApiDoc } from "./api-doc.js";

it("docs/api.md lists every call of the registry as the code defines it", () => {
  const file = path.resolve(import.meta.dirname, "../../../../docs/api.md");
  const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  expect(current, "docs/api.md is stale: run `npm run docs:api`").toBe(renderApiDoc());
});
