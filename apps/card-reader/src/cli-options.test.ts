import { describe, expect, it } from "vitest";
import { parseCliOptions } from "./cli-options.js";

describe("parseCliOptions", () => {
  it("uses the fixed ports and real readers when told nothing", () => {
    expect(parseCliOptions([])).toEqual({ simulated: false, port: 47830, tapPort: 47831, allowOrigins: [] });
  });

  it("reads every option; --allow-origin may come more than once", () => {
    expect(
      parseCliOptions([
        "--simulated",
        "--port",
        "5000",
        "--tap-port=5001",
        "--allow-origin",
        "https://console.example.com",
        "--allow-origin",
        "http://counter-pc:*",
      ]),
    ).toEqual({
      simulated: true,
      port: 5000,
      tapPort: 5001,
      allowOrigins: ["https://console.example.com", "http://counter-pc:*"],
    });
  });

  it("refuses what it does not understand", () => {
    expect(() => parseCliOptions(["--port", "0"])).toThrow(/--port/);
    expect(() => parseCliOptions(["--tap-port", "70000"])).toThrow(/--tap-port/);
    expect(() => parseCliOptions(["--port", "47831"])).toThrow(/differ/);
    expect(() => parseCliOptions(["--allow-origin", "*"])).toThrow(/--allow-origin/);
    expect(() => parseCliOptions(["--host", "0.0.0.0"])).toThrow();
  });
});
