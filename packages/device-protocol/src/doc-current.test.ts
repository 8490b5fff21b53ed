import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { withProtocolReference } from "./json-schemas.js";

it("docs/device-protocol.md carries the reference the JSON Schemas make now", () => {
  const file = path.resolve(import.meta.dirname, "../../../docs/device-protocol.md");
  const current = fs.readFileSync(file, "utf8");
  expect(current, "docs/device-protocol.md is stale: run `npm run docs:device-protocol`").toBe(
    withProtocolReference(current),
  );
});
