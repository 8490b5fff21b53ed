import fs from "node:fs";
import path from "node:path";
import { withProtocolReference } from "../packages/device-protocol/src/json-schemas.js";

/** Rewrites the generated reference of docs/device-protocol.md from the protocol's JSON Schemas; the prose stays. */
const file = path.resolve(import.meta.dirname, "../docs/device-protocol.md");
fs.writeFileSync(file, withProtocolReference(fs.readFileSync(file, "utf8")));
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
