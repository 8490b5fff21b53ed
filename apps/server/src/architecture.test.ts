import fs from "node:fs";
import path from "node:path";
import { API } from "@washboard/shared";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { importFigures } from "../../../scripts/import-figures.mjs";
import { MODULES } from "./modules.js";
import { openDatabase } from "./platform/db/client.js";
import type { Port } from "./platform/ports.js";
import { schemaOf } from "./schema.js";

/**
 * The rules docs/architecture.md states, checked on the source so that a new domain cannot quietly
 * break them: platform/ knows no module, modules read each other through their exported queries,
 * tenant filters are written in one place, and the module list is the one source of the app.
 */

const SRC = import.meta.dirname;
const MODULES_DIR = path.join(SRC, "modules");

/** Source files, without tests and their helpers (a test may set up rows in any table). */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const isTest = entry.name.endsWith(".test.ts") || entry.name.startsWith("test-");
    return entry.name.endsWith(".ts") && !isTest ? [full] : [];
  });
}

/** The files a source file imports, resolved to absolute paths (package imports left out). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  return [...text.matchAll(/from "(\.[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1] as string));
}

const moduleOf = (file: string) => path.relative(MODULES_DIR, file).split(path.sep)[0];
const rel = (file: string) => path.relative(SRC, file);
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe("architecture", () => {
  it("platform/ imports no module", () => {
    const offending = sourceFiles(path.join(SRC, "platform")).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith(MODULES_DIR))
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(offending).toEqual([]);
  });

  it("a module reads another module's data through what that module exports, never its tables", () => {
    const offending = sourceFiles(MODULES_DIR).flatMap((file) =>
      importsOf(file)
        .filter((target) => path.basename(target) === "tables.js" && moduleOf(target) !== moduleOf(file))
        // A table may reference another module's table for a foreign key.
        .filter(() => path.basename(file) !== "tables.ts")
        .map((target) => `${rel(file)} → ${rel(target)}`),
    );
    expect(offending).toEqual([]);
  });

  it("a module imports another only through its public face, which its descriptor provides", () => {
    // The reading is scripts/import-figures.mjs's, the figures issue 24 measured.
    expect(importFigures().internalImports).toEqual([]);
    for (const module of MODULES) {
      const face = path.join(MODULES_DIR, kebab(module.name), "public.ts");
      if (fs.existsSync(face)) expect(module.provides, `${module.name} has public.ts`).toBeDefined();
    }
  });

  it("seed/ and cli/ use a module only through its public face: they make records through its services, never its tables", () => {
    expect(importFigures().seedInternalImports).toEqual([]);
  });

  it("no two modules import each other, no module imports seed/, and no file imports itself round a circle", () => {
    const figures = importFigures();
    expect(figures.mutualModulePairs).toEqual([]);
    expect(figures.moduleSeedImports).toEqual([]);
    expect(figures.serverCircles).toEqual([]);
  });

  it("a module consumes exactly the ports its ports.ts declares, and the app fills each once", async () => {
    const isPort = (value: unknown): value is Port<unknown> =>
      typeof value === "object" && value !== null && "use" in value && "name" in value;
    for (const module of MODULES) {
      const file = path.join(MODULES_DIR, kebab(module.name), "ports.ts");
      const declared: unknown[] = fs.existsSync(file) ? Object.values(await import(file)).filter(isPort) : [];
      const ownConsumed = (module.consumes ?? []).filter((port) => declared.includes(port));
      expect(ownConsumed.length, `${module.name} consumes every port of its ports.ts`).toBe(declared.length);
    }
    const fills = MODULES.flatMap((m) => m.fills ?? []).map((f) => f.port);
    expect(new Set(fills).size).toBe(fills.length);
    for (const port of MODULES.flatMap((m) => m.consumes ?? [])) expect(fills).toContain(port);
  });

  it("no module registers anything when its file is loaded (ports are filled when the app is built)", () => {
    const registration = /^(?:register[A-Z]\w*\(|\w+\.set\()/m;
    const offending = sourceFiles(MODULES_DIR)
      .filter((file) => registration.test(fs.readFileSync(file, "utf8")))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it("tenant filters are written only by the scoping helper (modules/tenancy/scope.ts)", () => {
    const filter = /eq\(\s*\w+\.(vendorId|groupId)\s*,/;
    // The tenancy module owns groups and vendors themselves, and the helper.
    const offending = sourceFiles(MODULES_DIR)
      .filter((file) => moduleOf(file) !== "tenancy")
      .filter((file) => filter.test(fs.readFileSync(file, "utf8")))
      .map(rel);
    expect(offending).toEqual([]);
  });

  it("only the screens of past figures read the replica (AppDeps.reader): never what decides a write", () => {
    // docs/operations.md, "Read replicas": a new reader of the replica is a decision, written here.
    const readers = [
      "modules/orders/order-export.ts",
      "modules/reports/report-mail.ts",
      "modules/reports/routes.ts",
      "modules/revenue/routes.ts",
    ];
    const uses = sourceFiles(MODULES_DIR)
      .filter((file) => /\breader\b/.test(fs.readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "")))
      .map(rel);
    expect(uses.sort()).toEqual(readers);
  });

  it("every module folder is one entry of the module list, named like its folder", () => {
    const folders = (dir: string) =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, "module.ts")))
        .map((d) => d.name);
    // The platform's own modules (live bus, outbox, webhook record) sit beside their machinery.
    const expected = [...folders(MODULES_DIR), ...folders(path.join(SRC, "platform"))].sort();
    expect(MODULES.map((m) => kebab(m.name)).sort()).toEqual(expected);
    expect(new Set(MODULES.map((m) => m.name)).size).toBe(MODULES.length);
  });

  it("every API namespace is a module of the same name", () => {
    const names = new Set(MODULES.map((m) => m.name));
    expect(Object.keys(API).filter((domain) => !names.has(domain))).toEqual([]);
  });

  it("the migrations create exactly the tables the module list declares", async () => {
    const declared = Object.values(schemaOf(MODULES))
      .map((table) => getTableConfig(table as PgTable).name)
      .sort();
    const database = await openDatabase({ dataDir: "memory://" });
    try {
      await database.migrate();
      const result = (await database.db.execute(
        "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
      )) as { rows: { table_name: string }[] };
      expect(result.rows.map((r) => r.table_name)).toEqual(declared);
    } finally {
      await database.close();
    }
  });
});
