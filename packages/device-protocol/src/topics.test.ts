import { describe, expect, it } from "vitest";
import { decode, deviceCommand, deviceEvent, LAST_WILL, statusMessage } from "./payloads.js";
import { deviceTopic, everyDeviceTopic, mayUseTopic, parseDeviceTopic } from "./topics.js";

const device = { role: "device", serial: "WB-0001" } as const;

describe("the broker's access rule", () => {
  it("lets a device publish its own up topics and subscribe to its own down topics", () => {
    for (const kind of ["status", "event", "ack", "shadow/reported"] as const) {
      expect(mayUseTopic(device, "publish", deviceTopic("WB-0001", kind))).toBe(true);
      expect(mayUseTopic(device, "subscribe", deviceTopic("WB-0001", kind))).toBe(false);
    }
    for (const kind of ["cmd", "shadow/desired"] as const) {
      expect(mayUseTopic(device, "subscribe", deviceTopic("WB-0001", kind))).toBe(true);
      expect(mayUseTopic(device, "publish", deviceTopic("WB-0001", kind))).toBe(false);
    }
  });

  it("refuses another device's topics, wildcards and anything outside the protocol", () => {
    for (const topic of [
      deviceTopic("WB-0002", "cmd"),
      deviceTopic("WB-0002", "status"),
      "wb/v1/d/+/cmd",
      "wb/v1/d/#",
      "wb/v1/d/WB-0001/#",
      "wb/v1/d/WB-0001/+",
      "wb/v1/d/WB-0001/cmd/extra",
      "$SYS/broker/clients",
      "#",
      "",
    ]) {
      expect(mayUseTopic(device, "subscribe", topic), topic).toBe(false);
      expect(mayUseTopic(device, "publish", topic), topic).toBe(false);
    }
  });

  it("lets the gateway use every device topic, and no other", () => {
    expect(mayUseTopic({ role: "gateway" }, "subscribe", everyDeviceTopic("status"))).toBe(true);
    expect(mayUseTopic({ role: "gateway" }, "publish", deviceTopic("WB-0002", "cmd"))).toBe(true);
    expect(mayUseTopic({ role: "gateway" }, "subscribe", "$SYS/#")).toBe(false);
  });

  it("lets the gateway subscribe through a shared subscription, to device topics only", () => {
    expect(mayUseTopic({ role: "gateway" }, "subscribe", `$share/api/${everyDeviceTopic("event")}`)).toBe(true);
    expect(mayUseTopic({ role: "gateway" }, "subscribe", "$share/api/$SYS/#")).toBe(false);
    expect(mayUseTopic({ role: "gateway" }, "subscribe", "$share/a/b/wb/v1/d/+/event")).toBe(false);
    expect(mayUseTopic({ role: "gateway" }, "publish", `$share/api/${deviceTopic("WB-0002", "cmd")}`)).toBe(false);
    expect(mayUseTopic(device, "subscribe", `$share/api/${deviceTopic("WB-0001", "cmd")}`)).toBe(false);
  });

  it("reads a topic back into its serial and kind", () => {
    expect(parseDeviceTopic("wb/v1/d/WB-0001/shadow/reported")).toEqual({ serial: "WB-0001", kind: "shadow/reported" });
    expect(parseDeviceTopic("wb/v1/d/WB 1/status")).toBeNull();
    expect(parseDeviceTopic("wb/v2/d/WB-0001/status")).toBeNull();
  });
});

describe("payloads", () => {
  it("decodes what the schemas accept and names what they refuse", () => {
    expect(decode(statusMessage, JSON.stringify(LAST_WILL))).toEqual({ ok: true, value: { v: 1, online: false } });
    expect(decode(statusMessage, "{")).toEqual({ ok: false, error: "not JSON" });
    const wrongVersion = decode(statusMessage, JSON.stringify({ v: 2, online: true }));
    expect(wrongVersion.ok).toBe(false);
    const event = decode(deviceEvent, JSON.stringify({ v: 1, id: "e1", ts: 1, type: "coin_inserted", amount: 100 }));
    expect(event).toEqual({ ok: true, value: { v: 1, id: "e1", ts: 1, type: "coin_inserted", amount: 100 } });
  });

  it("keeps machine values below 65535 (spec §9)", () => {
    const command = (value: number) =>
      deviceCommand.safeParse({
        v: 1,
        id: "c1",
        sent_at: 1,
        expires_at: 1,
        kind: "set_params",
        params: { minutes: value },
      }).success;
    expect(command(65_534)).toBe(true);
    expect(command(65_535)).toBe(false);
    expect(command(-1)).toBe(false);
  });
});
