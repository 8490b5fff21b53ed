import { z } from "zod";
import { ackSchema, commandSchema, eventSchema, PROTOCOL_EXAMPLES, type ProtocolExample } from "./examples.js";
import { commandAck, desiredShadow, deviceCommand, deviceEvent, reportedShadow, statusMessage } from "./payloads.js";
import { deviceTopic, type TopicKind } from "./topics.js";

/**
 * The protocol as JSON Schemas (draft 2020-12), one per message — per member of the events, commands
 * and answers, and their unions — generated from the zod schemas in `payloads.ts`, so a controller
 * maker validates against exactly what the server accepts. The server serves them at
 * `/api/device-protocol/`; the reference in docs/device-protocol.md is written from them.
 *
 * zod cannot say in JSON Schema what a `.refine` checks, so the one refinement the protocol has —
 * `protocolText`: no control characters, no unpaired surrogates — is written as a `pattern` here.
 * Any other refinement makes generation fail rather than be silently dropped.
 */

/** Where the server serves the schemas; a schema's `$id` is its address there. */
export const PROTOCOL_SCHEMA_PATH = "/api/device-protocol/";
export const JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/**
 * What `protocolText` accepts, as a JSON Schema pattern: any character but U+0000–U+001F and U+007F,
 * surrogates only as pairs (the same with or without a regular expression's Unicode mode).
 */
export const PROTOCOL_TEXT_PATTERN =
  "^(?:[^\\u0000-\\u001f\\u007f\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])*$";
const PROTOCOL_TEXT_NOTE = "No control characters (U+0000–U+001F, U+007F) and no unpaired surrogates.";

/** The part of JSON Schema the generator writes and the reference reads. */
export interface JsonSchema {
  $schema?: string;
  $id?: string;
  title?: string;
  description?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  examples?: unknown[];
}

/** One message of the protocol, as a schema: a single message, or the union of several. */
export interface ProtocolSchema {
  /** `status`, `event.cycle_started`, `event` (any event), `ack.ok`, `shadow.desired`, … */
  name: string;
  title: string;
  description: string;
  topicKind: TopicKind;
  direction: "up" | "down";
  /** Every message of the protocol is QoS 1. */
  qos: 1;
  retained: boolean;
  /** A union's members (`event` → `event.cycle_started`, …); empty for a single message. */
  members: string[];
  /** The zod schema it was made from. */
  schema: z.ZodType;
  jsonSchema: JsonSchema;
}

/** Which topics the broker keeps the last message of: the status (and its last will) and the desired shadow. */
const RETAINED: ReadonlySet<TopicKind> = new Set(["status", "shadow/desired"]);
const DIRECTION: Record<TopicKind, "up" | "down"> = {
  status: "up",
  event: "up",
  ack: "up",
  "shadow/reported": "up",
  cmd: "down",
  "shadow/desired": "down",
};

/** What each message is for (a new event type or command kind needs its line here, or generation fails). */
const MESSAGE_TEXT: Record<string, { title: string; description: string }> = {
  status: {
    title: "Status",
    description:
      'The machine\'s state. Retained. Published on every connect, on every change and at least every 60 s even when nothing changed (the heartbeat). The last will is `{"v":1,"online":false}` on this topic, retained, QoS 1.',
  },
  event: { title: "Event (any type)", description: "Something happened at the machine; `type` says what." },
  "event.cycle_started": {
    title: "Event: cycle started",
    description:
      "A cycle started. `start_type` says how: `coins` is a cash sale at `price` (an order); `card` follows a `card_used` (no second sale); a remote start names its command in `command_id`.",
  },
  "event.cycle_finished": { title: "Event: cycle finished", description: "A cycle ended; the machine is free again." },
  "event.coin_inserted": { title: "Event: coin inserted", description: "A customer put in a coin worth `amount`." },
  "event.note_inserted": {
    title: "Event: note inserted",
    description: "A customer put in a bank note worth `amount`.",
  },
  "event.card_used": {
    title: "Event: card used",
    description:
      "A customer paid `amount` with the card `card_number` in the machine's reader: a card sale, debited from the vendor's card of that number.",
  },
  "event.cashbox_collected": {
    title: "Event: cash box collected",
    description: "The cash box was emptied at the machine; `amount` is what it held.",
  },
  "event.card_topped_up": {
    title: "Event: card topped up (kiosk)",
    description:
      "A kiosk credited `amount` to the card `card_number`, after the customer's coins and notes. Only a kiosk may send it.",
  },
  "event.change_given": {
    title: "Event: change given (coin exchanger)",
    description: "A coin exchanger paid out `amount` in coins for the cash put in.",
  },
  "event.firmware_progress": {
    title: "Event: firmware progress",
    description: "Where a firmware update announced by `firmware_notice` stands.",
  },
  command: {
    title: "Command (any kind)",
    description: "The server asks the machine to do something; `kind` says what. Answer on `ack` with the same `id`.",
  },
  "command.restart": {
    title: "Command: restart",
    description: "Restart the controller: answer first, then restart, then connect as at power-up.",
  },
  "command.remote_start": {
    title: "Command: remote start",
    description:
      "Start the program `program` now (an operator's start, or one a customer paid for online). Refuse `busy` while running, `fault` while faulted, `expired` past `expires_at`. Without `minutes`, run the program's own time.",
  },
  "command.cashbox_audit": {
    title: "Command: cash-box audit",
    description: "Answer the cash box as it is now (`cashbox` in the answer).",
  },
  "command.cashbox_reset": {
    title: "Command: cash-box reset",
    description:
      "Answer the cash box as read before emptying it, set it to zero, then publish `shadow/reported` with the emptied box.",
  },
  "command.set_params": {
    title: "Command: set parameters",
    description:
      "Apply these parameters now (the fast path; the desired shadow stays authoritative), then publish `shadow/reported`. Refuse `invalid` with a detail when a value cannot be taken.",
  },
  "command.firmware_notice": {
    title: "Command: firmware notice",
    description:
      "Firmware `version` can be downloaded from `url`. Answer at once (`invalid` for the version it runs, `busy` while running a cycle, `not_ready` while another update runs), then download it (after an interruption, resume with a `Range` request), check `size` and `sha256` when given, and install it, telling progress with `firmware_progress` events and the new `firmware` in `status` when done. A failed update says why in the event's `reason`.",
  },
  ack: { title: "Answer (either form)", description: "The machine's answer to the command `id`." },
  "ack.ok": {
    title: "Answer: done",
    description:
      "The machine carried out the command `id`. A cash-box audit or reset adds `cashbox`; a remote card issue or top-up adds `card`.",
  },
  "ack.refused": {
    title: "Answer: refused",
    description: "The machine did not carry out the command `id`, for `reason`; `detail` is shown to the operator.",
  },
  "shadow.reported": {
    title: "Reported shadow",
    description:
      "What the machine has: its parameters, cash box and firmware. Published on every connect and after every change.",
  },
  "shadow.desired": {
    title: "Desired shadow",
    description:
      "The parameters the server wants. Retained, so a machine reads it on every connect. Apply a `version` greater than the last one applied, then publish `shadow/reported`.",
  },
};

/**
 * What each key means, by `<message>:<path>`, then `<group>:<path>` (status, event, command, ack,
 * shadow), then `<path>`. A record's values are `<key>.<name>`.
 */
const FIELD_TEXT: Record<string, string> = {
  v: "Protocol version.",
  "status:online":
    "Whether the machine is connected; `false` only in the last will or the goodbye before a clean disconnect.",
  "status:busy": "Running a cycle.",
  "status:fault": "The fault code the machine shows (E01, DOOR, …); `null` when it is normal again.",
  "status:firmware": "The firmware version it runs.",
  "status:ts": "The machine's clock, Unix seconds.",
  "event:id":
    "Unique per machine (per machine and boot when `boot` is sent); a repeated id is a redelivery of the same event.",
  "event:boot": "This power-up's id, new at every boot, for a controller whose event counter restarts at power-up.",
  "event:ts": "When it happened by the machine's clock, Unix seconds.",
  "event:type": "What happened.",
  "event:program": "The program's name on the machine's menu.",
  "event:price": "What the cycle cost, minor units.",
  "event:minutes": "How long the cycle runs.",
  "event:start_type": "How the cycle was started.",
  "event:command_id": "The remote start (command `id`) that started it.",
  "event:amount": "Minor units of the vendor's currency.",
  "event:card_number": "The card's printed number.",
  "event:version": "The firmware version being installed.",
  "event:stage": "Where the update stands.",
  "event:percent": "How far the stage is.",
  "event:reason":
    "With `failed`: why. Tried again later: `download_interrupted`, `timeout`, `power_loss`; not: `hash_mismatch` (the file's SHA-256 is not `sha256`), `incompatible_model`, `rolled_back` (the controller went back to the old version). Any other reason is taken as not worth trying again.",
  "command:id": "The command's id (a UUID): act on it once; answer a repeat with the first answer.",
  "command:sent_at": "The server's clock when it sent the command, Unix seconds.",
  "command:expires_at": "Do not act on the command after this time (answer `expired`), Unix seconds.",
  "command:kind": "What to do.",
  "command:start_type":
    "Why the start: an operator's free start, a remote card issue or top-up, a Bluetooth start, or a paid online start.",
  "command:program": "The program to run, by its name on the machine's menu.",
  "command:price": "The price of the start, minor units (a card top-up credits it).",
  "command:minutes": "Run time; absent: the program's own time.",
  "command:params": "Parameters to set.",
  "command:params.<name>": "A parameter's value (a 16-bit register).",
  "command:version": "The firmware version available.",
  "command:url": "Where to download it (HTTP; range requests are answered, so a download resumes).",
  "command:size": "The file's size in bytes.",
  "command:sha256": "The file's SHA-256, lower-case hex: install only a file that matches.",
  "ack:id": "The command's `id`.",
  "ack:ok": "`true`: done; `false`: refused.",
  "ack:cashbox": "The cash box as read (a reset: before emptying).",
  "ack:cashbox.current": "What the box holds, minor units.",
  "ack:cashbox.cumulative": "Everything the box ever took, minor units.",
  "ack:card": "The card the machine's reader issued or topped up (a remote card start).",
  "ack:card.uuid": "The chip's UID, upper-case hex (4, 7 or 10 bytes).",
  "ack:card.card_number": "The card's printed number.",
  "ack:reason": "Why it was refused.",
  "ack:detail": "Shown to the operator (a fault code, the value refused).",
  "shadow:params": "The machine's parameters.",
  "shadow:params.<name>": "A parameter's value (a 16-bit register).",
  "shadow:cashbox": "The cash box.",
  "shadow:cashbox.current": "What the box holds now, minor units.",
  "shadow:cashbox.cumulative": "Everything the box ever took, minor units.",
  "shadow:firmware": "The firmware version it runs.",
  "shadow:version": "Grows with every change; apply a version greater than the last applied.",
};

function fieldText(name: string, path: string): string | undefined {
  const group = name.split(".")[0] ?? name;
  return FIELD_TEXT[`${name}:${path}`] ?? FIELD_TEXT[`${group}:${path}`] ?? FIELD_TEXT[path];
}

function messageText(name: string): { title: string; description: string } {
  const text = MESSAGE_TEXT[name];
  if (!text) throw new Error(`json-schemas.ts: say what ${name} is in MESSAGE_TEXT`);
  return text;
}

interface StringDef {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
}

/** The JSON Schema of one zod schema, with `protocolText` written as a pattern. */
function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: "draft-2020-12",
    // What a machine may send: keys the schema does not know are ignored, not refused.
    io: "input",
    override: (ctx) => {
      const def = ctx.zodSchema._zod.def as StringDef;
      if (def.type !== "string" || !def.checks?.some((check) => check._zod.def.check === "custom")) return;
      if (!isProtocolText(ctx.zodSchema, ctx.jsonSchema)) {
        throw new Error(`json-schemas.ts cannot express a refinement at ${ctx.path.join(".")}`);
      }
      ctx.jsonSchema.pattern = PROTOCOL_TEXT_PATTERN;
    },
  }) as JsonSchema;
}

/** Whether a refined string is `protocolText`: it takes plain text of its length and refuses a control character. */
function isProtocolText(schema: z.core.$ZodType, json: { minLength?: number; maxLength?: number }): boolean {
  const length = Math.max(json.minLength ?? 0, 2);
  if (json.maxLength !== undefined && json.maxLength < length) return false;
  const plain = "a".repeat(length);
  const refusedText = ["\u0000", "\u001f", "\u007f", "\ud800"].map((bad) => bad + plain.slice(1));
  return z.safeParse(schema, plain).success && refusedText.every((text) => !z.safeParse(schema, text).success);
}

/** Adds each key's meaning, and the text rule's, to the properties of an object schema (in place). */
function describeKeys(name: string, schema: JsonSchema, prefix = ""): void {
  for (const [key, property] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${key}`;
    describeValue(name, path, property);
  }
}

function describeValue(name: string, path: string, schema: JsonSchema): void {
  const text = fieldText(name, path);
  const textRule = [schema, ...(schema.anyOf ?? [])].some((s) => s.pattern === PROTOCOL_TEXT_PATTERN);
  const description = [text, textRule ? PROTOCOL_TEXT_NOTE : undefined].filter(Boolean).join(" ");
  if (description) schema.description = description;
  for (const member of schema.anyOf ?? []) if (member.type === "object") describeKeys(name, member, `${path}.`);
  if (schema.type === "object") {
    describeKeys(name, schema, `${path}.`);
    if (typeof schema.additionalProperties === "object") {
      describeValue(name, `${path}.<name>`, schema.additionalProperties);
    }
  }
}

interface Message {
  name: string;
  topicKind: TopicKind;
  schema: z.ZodType;
  /** For a union: its members' names. */
  members?: string[];
}

/** Every message of the protocol, in the order the reference shows them. */
function messages(): Message[] {
  const events = deviceEvent.options.map((member) => ({
    name: `event.${member.shape.type.value}`,
    topicKind: "event" as const,
    schema: eventSchema(member.shape.type.value),
  }));
  const commands = deviceCommand.options.map((member) => ({
    name: `command.${member.shape.kind.value}`,
    topicKind: "cmd" as const,
    schema: commandSchema(member.shape.kind.value),
  }));
  const acks = commandAck.options.map((member) => ({
    name: member.shape.ok.value ? "ack.ok" : "ack.refused",
    topicKind: "ack" as const,
    schema: ackSchema(member.shape.ok.value),
  }));
  // The union first, as the heading of its members.
  const union = (name: string, topicKind: TopicKind, schema: z.ZodType, members: Message[]) => [
    { name, topicKind, schema, members: members.map((m) => m.name) },
    ...members,
  ];
  return [
    { name: "status", topicKind: "status", schema: statusMessage },
    ...union("event", "event", deviceEvent, events),
    ...union("command", "cmd", deviceCommand, commands),
    ...union("ack", "ack", commandAck, acks),
    { name: "shadow.reported", topicKind: "shadow/reported", schema: reportedShadow },
    { name: "shadow.desired", topicKind: "shadow/desired", schema: desiredShadow },
  ];
}

/** The examples a message's schema carries: its own, or its members'. */
function examplesOf(message: Message): ProtocolExample[] {
  const own = PROTOCOL_EXAMPLES.filter((e) => e.schema === message.schema);
  if (!message.members) return own;
  return PROTOCOL_EXAMPLES.filter((e) => e.topicKind === message.topicKind);
}

/** The file a schema is served as, under `PROTOCOL_SCHEMA_PATH`. */
export function protocolSchemaFile(name: string): string {
  return `${name}.schema.json`;
}

function build(): ProtocolSchema[] {
  return messages().map((message) => {
    const { title, description } = messageText(message.name);
    const generated = toJsonSchema(message.schema);
    const { $schema: _dialect, ...body } = generated;
    for (const member of body.oneOf ?? []) describeKeys(message.name, member);
    describeKeys(message.name, body);
    const examples = examplesOf(message);
    if (examples.length === 0) throw new Error(`json-schemas.ts: ${message.name} has no example in examples.ts`);
    return {
      name: message.name,
      title,
      description,
      topicKind: message.topicKind,
      direction: DIRECTION[message.topicKind],
      qos: 1,
      retained: RETAINED.has(message.topicKind),
      members: message.members ?? [],
      schema: message.schema,
      jsonSchema: {
        $schema: JSON_SCHEMA_DIALECT,
        $id: `${PROTOCOL_SCHEMA_PATH}${protocolSchemaFile(message.name)}`,
        title,
        description,
        ...body,
        examples: examples.map((e) => e.example),
      },
    };
  });
}

let built: ProtocolSchema[] | undefined;

/** Every message's JSON Schema (made once, when first asked for). */
export function protocolSchemas(): readonly ProtocolSchema[] {
  built ??= build();
  return built;
}

/** The schema of one name, or undefined. */
export function protocolSchema(name: string): ProtocolSchema | undefined {
  return protocolSchemas().find((s) => s.name === name);
}

// ── the reference in docs/device-protocol.md ──────────────────────────────────────────────────────

export const REFERENCE_START = "<!-- generated: device-protocol reference -->";
export const REFERENCE_END = "<!-- end generated -->";

/** A table cell: pipes escaped, so a pattern's alternatives stay in their column. */
const cell = (text: string) => text.replaceAll("|", "\\|");
const code = (value: unknown) => `\`${typeof value === "string" ? value : JSON.stringify(value)}\``;

function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  return schema.type ?? "any";
}

function limitsOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(limitsOf);
  const limits: string[] = [];
  if (schema.const !== undefined) limits.push(`always ${code(schema.const)}`);
  if (schema.enum) limits.push(`one of ${schema.enum.map(code).join(", ")}`);
  if (schema.minimum !== undefined && schema.maximum !== undefined) {
    limits.push(`${schema.minimum}–${schema.maximum}`);
  } else if (schema.minimum !== undefined) limits.push(`≥ ${schema.minimum}`);
  else if (schema.maximum !== undefined) limits.push(`≤ ${schema.maximum}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined) {
    limits.push(`${schema.minLength ?? 0}–${schema.maxLength ?? "∞"} characters`);
  }
  if (schema.pattern === PROTOCOL_TEXT_PATTERN) limits.push("no control characters");
  else if (schema.pattern) limits.push(`pattern ${code(schema.pattern)}`);
  if (schema.format) limits.push(`format ${schema.format}`);
  if (schema.propertyNames?.pattern) limits.push(`names: pattern ${code(schema.propertyNames.pattern)}`);
  return limits;
}

interface Row {
  path: string;
  schema: JsonSchema;
  required: boolean;
}

/** Every key of an object schema, nested keys after their parent (`cashbox.current`, `params.<name>`). */
function rowsOf(schema: JsonSchema, prefix = ""): Row[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([key, property]) => {
    const path = `${prefix}${key}`;
    const row = { path, schema: property, required: required.has(key) };
    const object = [property, ...(property.anyOf ?? [])].find((s) => s.type === "object");
    const values = typeof object?.additionalProperties === "object" ? object.additionalProperties : undefined;
    return [
      row,
      ...(object ? rowsOf(object, `${path}.`) : []),
      ...(values ? [{ path: `${path}.<name>`, schema: values, required: false }] : []),
    ];
  });
}

/** A key's meaning in the table: its description, less the text rule the limits column already names. */
const meaningOf = (schema: JsonSchema) => (schema.description ?? "").replace(PROTOCOL_TEXT_NOTE, "").trim();

function section(schema: ProtocolSchema): string[] {
  const url = `${PROTOCOL_SCHEMA_PATH}${protocolSchemaFile(schema.name)}`;
  const head = [
    `### \`${schema.name}\` — ${schema.title}`,
    "",
    `Topic \`${deviceTopic("<serial>", schema.topicKind)}\` · ${schema.direction === "up" ? "machine → server" : "server → machine"} · QoS ${schema.qos} · ${schema.retained ? "retained" : "not retained"} · schema \`${url}\``,
    "",
    schema.description,
    "",
  ];
  if (schema.members.length > 0) {
    return [...head, `One of: ${schema.members.map((m) => `\`${m}\``).join(", ")}.`, ""];
  }
  const rows = rowsOf(schema.jsonSchema).map(
    ({ path, schema: s, required }) =>
      `| \`${path}\` | ${cell(typeOf(s))} | ${required ? "yes" : "no"} | ${cell(limitsOf(s).join("; "))} | ${cell(meaningOf(s))} |`,
  );
  const examples = (schema.jsonSchema.examples ?? []).flatMap((example) => [
    "```json",
    JSON.stringify(example),
    "```",
    "",
  ]);
  return [
    ...head,
    "| key | type | required | limits | meaning |",
    "| --- | --- | --- | --- | --- |",
    ...rows,
    "",
    ...examples,
  ];
}

/** The generated reference: an index of the schemas, then every message with its keys and example. */
export function renderProtocolReference(): string {
  const schemas = protocolSchemas();
  const index = schemas.map(
    (s) =>
      `| \`${s.name}\` | \`${s.topicKind}\` | ${s.direction} | ${s.retained ? "yes" : "no"} | \`${PROTOCOL_SCHEMA_PATH}${protocolSchemaFile(s.name)}\` |`,
  );
  return [
    "",
    "Generated from `packages/device-protocol` (`npm run docs:device-protocol`); a test fails when it is stale.",
    `The same JSON Schemas (draft 2020-12) are served, without api-key, at \`${PROTOCOL_SCHEMA_PATH}\` (the index) and \`${PROTOCOL_SCHEMA_PATH}<name>.schema.json\`.`,
    "Every message is QoS 1. Keys not listed are ignored. Lengths count UTF-16 code units.",
    "",
    "| name | topic kind | direction | retained | schema |",
    "| --- | --- | --- | --- | --- |",
    ...index,
    "",
    ...schemas.flatMap(section),
  ].join("\n");
}

/** `doc` with its generated reference replaced by the current one. */
export function withProtocolReference(doc: string): string {
  const start = doc.indexOf(REFERENCE_START);
  const end = doc.indexOf(REFERENCE_END);
  if (start < 0 || end < start) throw new Error(`the document has no ${REFERENCE_START} … ${REFERENCE_END} section`);
  return `${doc.slice(0, start + REFERENCE_START.length)}\n${renderProtocolReference()}\n${doc.slice(end)}`;
}
