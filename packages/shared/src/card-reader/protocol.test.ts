import { describe, expect, it } from "vitest";
import {
  CARD_BALANCE_MAX,
  cardReaderBridgeMessage,
  normalizeCardUid,
  parseCardReaderBridgeFrame,
  parseCardReaderConsoleFrame,
} from "./protocol.js";

describe("card UIDs", () => {
  it("accepts 4, 7 and 10 byte UIDs in uppercase hex", () => {
    expect(normalizeCardUid("04A1B2C3")).toBe("04A1B2C3");
    expect(normalizeCardUid("04A1B2C3D4E5F6")).toBe("04A1B2C3D4E5F6");
    expect(normalizeCardUid("04A1B2C3D4E5F6071829")).toBe("04A1B2C3D4E5F6071829");
  });

  it("ignores case and separators", () => {
    expect(normalizeCardUid(" 04:a1:b2:c3 ")).toBe("04A1B2C3");
    expect(normalizeCardUid("04 a1-b2 c3")).toBe("04A1B2C3");
  });

  it("refuses what is not a whole number of bytes, too short, too long or not hex", () => {
    for (const text of ["04A1B2C", "04A1B2", "04A1B2C3D4E5F607182930", "04A1B2CZ", ""]) {
      expect(normalizeCardUid(text), text).toBeUndefined();
    }
  });
});

describe("bridge frames", () => {
  it("reads every kind of message", () => {
    const frames = [
      { type: "hello", version: 1, bridge_version: "0.1.0", readers: ["ACR122U"], simulated: false },
      { type: "reader_attached", reader: "ACR122U" },
      { type: "reader_removed", reader: "ACR122U" },
      { type: "card_present", reader: "ACR122U", uuid: "04A1B2C3" },
      { type: "card_removed", reader: "ACR122U" },
      { type: "read_result", request_id: "r1", reader: "ACR122U", uuid: "04A1B2C3", balance: null },
      { type: "write_result", request_id: "r2", uuid: "04A1B2C3", balance: 1500 },
      { type: "error", code: "no_card", message: "no card on the reader" },
    ];
    for (const frame of frames) expect(parseCardReaderBridgeFrame(JSON.stringify(frame))).toEqual(frame);
  });

  it("gives undefined for what is not a bridge message", () => {
    expect(parseCardReaderBridgeFrame("pong")).toBeUndefined();
    expect(parseCardReaderBridgeFrame('{"type":"card_present","reader":"R","uuid":"04a1b2c3"}')).toBeUndefined();
    expect(parseCardReaderBridgeFrame('{"type":"error","code":"on_fire","message":""}')).toBeUndefined();
  });

  it("keeps balances within a signed 32-bit value", () => {
    const result = { type: "write_result", request_id: "r", uuid: "04A1B2C3" };
    expect(cardReaderBridgeMessage.safeParse({ ...result, balance: CARD_BALANCE_MAX }).success).toBe(true);
    expect(cardReaderBridgeMessage.safeParse({ ...result, balance: CARD_BALANCE_MAX + 1 }).success).toBe(false);
    expect(cardReaderBridgeMessage.safeParse({ ...result, balance: -1 }).success).toBe(false);
    expect(cardReaderBridgeMessage.safeParse({ ...result, balance: 1.5 }).success).toBe(false);
  });
});

describe("console frames", () => {
  it("reads requests", () => {
    expect(parseCardReaderConsoleFrame('{"type":"read","request_id":"a"}')).toEqual({
      ok: true,
      message: { type: "read", request_id: "a" },
    });
    expect(
      parseCardReaderConsoleFrame('{"type":"write_balance","request_id":"b","uuid":"04A1B2C3","balance":0}'),
    ).toEqual({ ok: true, message: { type: "write_balance", request_id: "b", uuid: "04A1B2C3", balance: 0 } });
  });

  it("says why a frame is refused and keeps its request_id when it had one", () => {
    expect(parseCardReaderConsoleFrame("{")).toMatchObject({ ok: false, request_id: undefined });
    expect(parseCardReaderConsoleFrame('{"type":"format_card","request_id":"c"}')).toMatchObject({
      ok: false,
      request_id: "c",
    });
    const refused = parseCardReaderConsoleFrame(
      '{"type":"write_balance","request_id":"d","uuid":"04A1B2C3","balance":-5}',
    );
    expect(refused).toMatchObject({ ok: false, request_id: "d" });
    expect(refused.ok ? "" : refused.reason).toMatch(/^balance: /);
    expect(parseCardReaderConsoleFrame("[1,2]")).toMatchObject({ ok: false, request_id: undefined });
  });
});
