#!/usr/bin/env node
// The import figures of issue 24, read from the import lines of the source (tests and test helpers
// left out): how many imports the console frame makes into features, import circles in the console
// and the server, module pairs that import each other, modules importing seed/, and imports of
// another module's files other than its public face (public.ts), and the same imports made by seed/
// and cli/. `--json` prints them as JSON.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const WEB = path.join(ROOT, "apps/web/src");
const SERVER = path.join(ROOT, "apps/server/src");
const MODULES = path.join(SERVER, "modules");

const isTest = (name) => /\.test\.tsx?$/.test(name) || name.startsWith("test-") || name === "test";

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (isTest(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ""));
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Static and dynamic relative imports of a file, resolved (package imports left out). */
function importsOf(file) {
  const text = fs.readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*)"(\.[^"]+)"/g)].map((m) => m[1]);
  return specs.map((spec) => resolve(file, spec)).filter(Boolean);
}

function graphOf(dir) {
  const graph = new Map();
  for (const file of sourceFiles(dir))
    graph.set(
      file,
      importsOf(file).filter((t) => !isTest(path.basename(t))),
    );
  return graph;
}

/** Strongly connected components with more than one file (Tarjan), each a list of files. */
function circles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const found = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const part = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        part.push(w);
      } while (w !== v);
      if (part.length > 1) found.push(part);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const rel = (base, file) => path.relative(base, file);
const moduleOf = (file) => (file.startsWith(MODULES + path.sep) ? rel(MODULES, file).split(path.sep)[0] : null);

export function importFigures() {
  const web = graphOf(WEB);
  const frameToFeatures = [];
  for (const [file, targets] of web) {
    if (!file.startsWith(path.join(WEB, "app") + path.sep)) continue;
    for (const t of targets)
      if (t.startsWith(path.join(WEB, "features") + path.sep))
        frameToFeatures.push(`${rel(WEB, file)} → ${rel(WEB, t)}`);
  }
  const server = graphOf(SERVER);
  const pairs = new Set();
  const seedImports = [];
  const internals = [];
  const seedInternals = [];
  // seed/ and cli/ stand outside the modules, like the app: they too use a module only through its public face.
  const outside = [path.join(SERVER, "seed") + path.sep, path.join(SERVER, "cli") + path.sep];
  for (const [file, targets] of server) {
    if (outside.some((dir) => file.startsWith(dir))) {
      for (const t of targets) {
        if (moduleOf(t) && path.basename(t) !== "public.ts")
          seedInternals.push(`${rel(SERVER, file)} → ${rel(SERVER, t)}`);
      }
    }
    const from = moduleOf(file);
    for (const t of targets) {
      if (from && t.startsWith(path.join(SERVER, "seed") + path.sep))
        seedImports.push(`${rel(SERVER, file)} → ${rel(SERVER, t)}`);
      const to = moduleOf(t);
      if (!from || !to || from === to) continue;
      // A table may name another module's table in a foreign key; that is the schema, not a call.
      const foreignKey = path.basename(file) === "tables.ts" && path.basename(t) === "tables.ts";
      if (!foreignKey && path.basename(t) !== "public.ts") internals.push(`${rel(SERVER, file)} → ${rel(SERVER, t)}`);
      if (!foreignKey) pairs.add(`${from}→${to}`);
    }
  }
  const mutual = [...pairs]
    .map((p) => p.split("→"))
    .filter(([a, b]) => a < b && pairs.has(`${b}→${a}`))
    .map(([a, b]) => `${a} ⇄ ${b}`);
  return {
    frameToFeatures,
    webCircles: circles(web).map((c) => c.map((f) => rel(WEB, f))),
    serverCircles: circles(server).map((c) => c.map((f) => rel(SERVER, f))),
    mutualModulePairs: mutual,
    moduleSeedImports: seedImports,
    internalImports: internals,
    seedInternalImports: seedInternals,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = importFigures();
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(figures, null, 2));
  } else {
    const verbose = process.argv.includes("--verbose");
    for (const [name, list] of Object.entries(figures)) {
      console.log(`${name}: ${list.length}`);
      if (verbose) for (const item of list) console.log(`  ${Array.isArray(item) ? item.join(" → ") : item}`);
    }
  }
}
