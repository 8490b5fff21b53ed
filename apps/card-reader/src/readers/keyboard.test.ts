import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { attachKeyboard, parseKeyboardLine } from "./keyboard.js";
import { SimulatedReader } from "./simulated.js";

describe("parseKeyboardLine", () => {
  it("taps a UID, with a balance when one follows, and removes on an empty line", () => {
    expect(parseKeyboardLine("04a1b2c3")).toEqual({ kind: "tap", uuid: "04A1B2C3", balance: undefined });
    expect(parseKeyboardLine(" 04A1B2C3  1500 ")).toEqual({ kind: "tap", uuid: "04A1B2C3", balance: 1500 });
    expect(parseKeyboardLine("")).toEqual({ kind: "remove" });
    expect(parseKeyboardLine("   ")).toEqual({ kind: "remove" });
  });

  it("says what is wrong with a line it cannot use", () => {
    expect(parseKeyboardLine("hello")).toMatchObject({ kind: "invalid", reason: expect.stringContaining("UID") });
    expect(parseKeyboardLine("04A1B2C3 -1")).toMatchObject({
      kind: "invalid",
      reason: expect.stringContaining("balance"),
    });
    expect(parseKeyboardLine("04A1B2C3 1 2")).toMatchObject({ kind: "invalid" });
  });
});

describe("attachKeyboard", () => {
  it("taps and removes cards on the simulated reader as lines come in", async () => {
    const reader = new SimulatedReader();
    const input = new PassThrough();
    const said: string[] = [];
    const stop = attachKeyboard(reader, input, (line) => said.push(line));
    input.write("04A1B2C3 250\n");
    await expect.poll(() => reader.state().card).toEqual({ uuid: "04A1B2C3", balance: 250 });
    input.write("\n");
    await expect.poll(() => reader.state().card).toBeNull();
    input.write("nonsense\n");
    await expect.poll(() => said).toHaveLength(3);
    expect(said[0]).toBe("card 04A1B2C3 on the reader, balance 250");
    expect(said[1]).toBe("card removed");
    stop();
  });
});
