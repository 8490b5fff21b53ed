import fs from "node:fs";
import path from "node:path";
import { renderApiDoc } from "../packages/shared/src/api/api-doc.js";

const file = path.resolve(import.meta.dirname, "../docs/api.md");
fs.writeFileSync(file, renderApiDoc());
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
