import Ajv2020 from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { PROTOCOL_EXAMPLES } from "./examples.js";
import {
  JSON_SCHEMA_DIALECT,
  type JsonSchema,
  PROTOCOL_SCHEMA_PATH,
  PROTOCOL_TEXT_PATTERN,
  protocolSchema,
  protocolSchemas,
} from "./json-schemas.js";
import { deviceCommand, deviceEvent } from "./payloads.js";

/** A strict validator, as a controller maker's tooling would use: unknown keywords or formats fail. */
let made: ReturnType<typeof makeValidator> | undefined;
const validator = () => {
  made ??= makeValidator();
  return made;
};
function makeValidator() {
  const ajv = new Ajv2020({ strict: true, allErrors: true, formats: { uri: (text: string) => URL.canParse(text) } });
  for (const { jsonSchema } of protocolSchemas()) ajv.addSchema(jsonSchema as object);
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`${PROTOCOL_SCHEMA_PATH}${name}.schema.json`);
    if (!validate) throw new Error(`no schema ${name}`);
    return { ok: validate(value) === true, errors: ajv.errorsText(validate.errors) };
  };
}

/** Every key of an object schema with its path (nested objects after their parent). */
function keysOf(
  schema: JsonSchema,
  prefix: string[] = [],
): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const path = [...prefix, key];
    const object = [property, ...(property.anyOf ?? [])].find((s) => s.type === "object");
    return [{ path, schema: property, required: required.has(key) }, ...(object ? keysOf(object, path) : [])];
  });
}

/** `value` with the key at `path` set to `to` (undefined: removed). */
function changed(value: Record<string, unknown>, path: string[], to: unknown): Record<string, unknown> {
  const copy = structuredClone(value);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = path[path.length - 1] as string;
  if (to === undefined) delete at[last];
  else at[last] = to;
  return copy;
}

const has = (value: Record<string, unknown>, path: string[]) => {
  let at: unknown = value;
  for (const key of path) {
    if (typeof at !== "object" || at === null || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
};

describe("the JSON Schemas", () => {
  it("are draft 2020-12, each with its $id, title, description and examples", () => {
    const ids = new Set<string>();
    for (const { name, jsonSchema } of protocolSchemas()) {
      expect(jsonSchema.$schema, name).toBe(JSON_SCHEMA_DIALECT);
      expect(jsonSchema.$id, name).toBe(`${PROTOCOL_SCHEMA_PATH}${name}.schema.json`);
      expect(jsonSchema.title, name).toBeTruthy();
      expect(jsonSchema.description, name).toBeTruthy();
      expect(jsonSchema.examples?.length, name).toBeGreaterThan(0);
      ids.add(jsonSchema.$id ?? "");
    }
    expect(ids.size).toBe(protocolSchemas().length);
  });

  it("are one per event type and command kind, both answers, and their unions", () => {
    const names = protocolSchemas().map((s) => s.name);
    for (const member of deviceEvent.options) expect(names).toContain(`event.${member.shape.type.value}`);
    for (const member of deviceCommand.options) expect(names).toContain(`command.${member.shape.kind.value}`);
    expect(names).toEqual(expect.arrayContaining(["status", "event", "command", "ack", "ack.ok", "ack.refused"]));
    expect(names).toEqual(expect.arrayContaining(["shadow.reported", "shadow.desired"]));
    expect(protocolSchema("event")?.members).toHaveLength(deviceEvent.options.length);
  });

  it("accept every example, each against its own schema and its topic's union", () => {
    const validate = validator();
    for (const { name, jsonSchema, members } of protocolSchemas()) {
      for (const example of jsonSchema.examples ?? []) {
        const result = validate(name, example);
        expect(result.ok, `${name}: ${result.errors}`).toBe(true);
      }
      for (const member of members) {
        for (const example of protocolSchema(member)?.jsonSchema.examples ?? []) {
          expect(validate(name, example).ok, `${member} as ${name}`).toBe(true);
        }
      }
    }
    for (const { name, example } of PROTOCOL_EXAMPLES) {
      const schema = protocolSchemas().find((s) => s.members.length === 0 && s.jsonSchema.examples?.includes(example));
      expect(schema, `${name} is the example of no schema`).toBeDefined();
    }
  });

  it("say what every key means", () => {
    for (const { name, jsonSchema } of protocolSchemas()) {
      for (const object of [jsonSchema, ...(jsonSchema.oneOf ?? [])]) {
        for (const key of keysOf(object)) expect(key.schema.description, `${name}: ${key.path.join(".")}`).toBeTruthy();
      }
    }
  });

  it("refuse what zod refuses and accept what it accepts, key by key", () => {
    const validate = validator();
    for (const { name, jsonSchema, members, schema: zod } of protocolSchemas()) {
      if (members.length > 0) continue;
      for (const example of (jsonSchema.examples ?? []) as Record<string, unknown>[]) {
        const agree = (value: Record<string, unknown>, what: string) => {
          const json = validate(name, value).ok;
          expect(json, `${name}, ${what}: JSON Schema says ${json}, zod ${!json}`).toBe(zod.safeParse(value).success);
          return json;
        };
        expect(agree({ ...example, extra_key: 1 }, "an unknown key")).toBe(true);
        for (const { path, schema, required } of keysOf(jsonSchema)) {
          // A key inside an object the example leaves out (an answer's `card`) has nothing to change.
          if (!has(example, path.slice(0, -1))) continue;
          const at = path.join(".");
          if (required && has(example, path))
            expect(agree(changed(example, path, undefined), `${at} left out`)).toBe(false);
          const leaf = schema.anyOf?.find((s) => s.type !== "null") ?? schema;
          const wrong: [unknown, string][] = [[{}, "an object"]];
          if (leaf.type === "string") {
            wrong.push([7, "a number"]);
            if (leaf.maxLength !== undefined) wrong.push(["x".repeat(leaf.maxLength + 1), "too long"]);
            if (leaf.pattern === PROTOCOL_TEXT_PATTERN) {
              for (const bad of ["\u0000", "\n", "\u001f", "\u007f", "\ud800"]) wrong.push([`E${bad}1`, "control"]);
              expect(agree(changed(example, path, "Wäsche 60°C 🧺"), `${at} plain text`)).toBe(true);
            }
          }
          if (leaf.type === "integer") {
            wrong.push([1.5, "a fraction"], ["1", "a string"]);
            if (leaf.maximum !== undefined) wrong.push([leaf.maximum + 1, "above the maximum"]);
            if (leaf.minimum !== undefined) wrong.push([leaf.minimum - 1, "below the minimum"]);
          }
          if (leaf.enum) wrong.push(["not_one_of_them", "outside the enum"]);
          if (leaf.const !== undefined) wrong.push([typeof leaf.const === "string" ? "other" : 2, "not the constant"]);
          for (const [value, what] of wrong) {
            if (leaf.type === "object" && what === "an object") continue;
            expect(agree(changed(example, path, value), `${at} ${what}`)).toBe(false);
          }
        }
      }
    }
  });

  it("write the text rule as a pattern a validator with or without Unicode mode reads alike", () => {
    for (const flags of ["u", ""]) {
      const pattern = new RegExp(PROTOCOL_TEXT_PATTERN, flags);
      for (const good of ["", "Hot wash", "Wäsche 60°C", "洗濯", "🧺 E01"]) expect(pattern.test(good), good).toBe(true);
      for (const bad of ["\u0000", "a\tb", "line\n", "\u001f", "\u007f", "\ud800", "x\udc00", "\ud83e"]) {
        expect(pattern.test(bad), JSON.stringify(bad)).toBe(false);
      }
    }
  });
});
