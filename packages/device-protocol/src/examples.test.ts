import { describe, expect, it } from "vitest";
import { PROTOCOL_EXAMPLES } from "./examples.js";
import {
  commandAck,
  desiredShadow,
  deviceCommand,
  deviceEvent,
  LAST_WILL,
  reportedShadow,
  statusMessage,
} from "./payloads.js";
import { DOWN_KINDS, UP_KINDS } from "./topics.js";

/** The examples of one topic kind. */
const onTopic = (kind: string) => PROTOCOL_EXAMPLES.filter((e) => e.topicKind === kind);

describe("the protocol's examples", () => {
  it("each parses with its own schema, unchanged (nothing in it is stripped or defaulted)", () => {
    for (const { name, schema, example } of PROTOCOL_EXAMPLES) {
      const parsed = schema.safeParse(example);
      expect(parsed.success, `${name}: ${parsed.error?.message}`).toBe(true);
      expect(parsed.data, name).toEqual(example);
    }
  });

  it("each parses with the schema of its topic, and travels the way its topic does", () => {
    const topicSchema = {
      status: statusMessage,
      event: deviceEvent,
      ack: commandAck,
      "shadow/reported": reportedShadow,
      cmd: deviceCommand,
      "shadow/desired": desiredShadow,
    } as const;
    for (const { name, topicKind, direction, example } of PROTOCOL_EXAMPLES) {
      expect(topicSchema[topicKind].safeParse(example).success, name).toBe(true);
      expect(direction, name).toBe((UP_KINDS as readonly string[]).includes(topicKind) ? "up" : "down");
    }
  });

  it("have unique names, prefixed by what they are", () => {
    const names = PROTOCOL_EXAMPLES.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^(status|event|command|ack|shadow)\.[a-z_]+$/);
  });

  it("cover every topic kind, and the status both online and as the last will", () => {
    for (const kind of [...UP_KINDS, ...DOWN_KINDS]) expect(onTopic(kind).length, kind).toBeGreaterThan(0);
    const statuses = onTopic("status").map((e) => e.example);
    expect(statuses).toContainEqual(LAST_WILL);
    expect(statuses.some((s) => s.online === true)).toBe(true);
  });

  // Derived from the schemas: a new event type, command kind or answer form fails here until it has one.
  it("cover every event type of deviceEvent, each with its own member schema", () => {
    for (const member of deviceEvent.options) {
      const type = member.shape.type.value;
      const examples = onTopic("event").filter((e) => e.example.type === type);
      expect(examples.length, `event type ${type} has no example`).toBeGreaterThan(0);
      for (const e of examples) expect(e.schema, e.name).toBe(member);
      expect(examples.map((e) => e.name)).toContain(`event.${type}`);
    }
    expect(onTopic("event").length).toBe(deviceEvent.options.length);
  });

  it("cover every command kind of deviceCommand, each with its own member schema", () => {
    for (const member of deviceCommand.options) {
      const kind = member.shape.kind.value;
      const examples = onTopic("cmd").filter((e) => e.example.kind === kind);
      expect(examples.length, `command kind ${kind} has no example`).toBeGreaterThan(0);
      for (const e of examples) expect(e.schema, e.name).toBe(member);
      expect(examples.map((e) => e.name)).toContain(`command.${kind}`);
    }
    expect(onTopic("cmd").length).toBe(deviceCommand.options.length);
  });

  it("cover both answers of commandAck: done, and refused with a reason", () => {
    for (const member of commandAck.options) {
      const ok = member.shape.ok.value;
      const examples = onTopic("ack").filter((e) => e.example.ok === ok);
      expect(examples.length, `an answer with ok ${ok} has no example`).toBeGreaterThan(0);
      for (const e of examples) expect(e.schema, e.name).toBe(member);
    }
  });

  it("a command's example is to be carried out within the answer window it was sent with", () => {
    for (const { name, example } of onTopic("cmd")) {
      const command = deviceCommand.parse(example);
      expect(command.expires_at - command.sent_at, name).toBe(10);
    }
  });
});
