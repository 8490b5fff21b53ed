import { randomBytes } from "node:crypto";
import { endpoint } from "@washboard/shared";
import { getTableName } from "drizzle-orm";
import { pgTable, serial, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildApp } from "./app.js";
import { MODULES } from "./modules.js";
import { loadConfig } from "./platform/config.js";
import { type Database, openDatabase } from "./platform/db/client.js";
import { defineModule } from "./platform/module.js";
import { schemaOf } from "./schema.js";

/**
 * Adding a domain is adding its folder and one line to the module list: a throwaway module given to
 * the app through that list alone gets its routes served, its tables in the schema, its calls in the
 * OpenAPI document, and its start and stop run in order.
 */

const notes = pgTable("throwaway_notes", { id: serial("id").primaryKey(), text: text("text").notNull() });

const echo = endpoint({
  method: "POST",
  path: "/api/Throwaway/echo",
  summary: "Answers what it is sent (a module added by the descriptor list alone)",
  access: { kind: "public" },
  body: z.object({ text: z.string().max(20) }),
  result: z.object({ echoed: z.string() }),
  mutates: false,
});

const lifecycle: string[] = [];

function throwaway(name: string) {
  return defineModule({
    name,
    tables: { notes },
    routes(r) {
      if (name === "throwawayA") r.call(echo, async (input) => ({ echoed: input.text }));
    },
    async start() {
      lifecycle.push(`start ${name}`);
      return { stop: async () => void lifecycle.push(`stop ${name}`) };
    },
  });
}

const API_KEY = "modules-test";
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
  // As every start does: the modules' running parts (the live bus) read their tables when they start.
  await database.migrate();
});
afterAll(() => database.close());

async function appWith(extra = [throwaway("throwawayA"), throwaway("throwawayB")]) {
  const config = {
    ...loadConfig({}),
    apiKey: API_KEY,
    secretKey: randomBytes(32).toString("base64"),
    webDist: undefined,
  };
  return buildApp(config, database, { logger: false, modules: [...MODULES, ...extra] });
}

describe("module descriptors", () => {
  it("serve a module's calls, document them and put its tables in the schema", async () => {
    const app = await appWith();
    try {
      const answer = await app.inject({
        method: "POST",
        url: echo.path,
        headers: { "api-key": API_KEY },
        payload: { text: "hello" },
      });
      expect(answer.json()).toMatchObject({ status: 200, result: { echoed: "hello" } });
      const refused = await app.inject({
        method: "POST",
        url: echo.path,
        headers: { "api-key": API_KEY },
        payload: { text: "x".repeat(21) },
      });
      expect(refused.json()).toMatchObject({ status: 400, code: "VALIDATION_FAILED", field: "text" });
      const openapi = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(openapi.paths)).toContain(echo.path);
    } finally {
      await app.close();
    }
    const tables = Object.values(schemaOf([...MODULES, throwaway("throwawayA")])).map(getTableName);
    expect(tables).toContain("throwaway_notes");
  });

  it("start in list order once the app is ready and stop in reverse order when it closes", async () => {
    lifecycle.length = 0;
    const app = await appWith();
    expect(lifecycle).toEqual([]);
    await app.ready();
    expect(lifecycle).toEqual(["start throwawayA", "start throwawayB"]);
    await app.close();
    expect(lifecycle).toEqual(["start throwawayA", "start throwawayB", "stop throwawayB", "stop throwawayA"]);
  });
});
