import { describe, expect, it } from "vitest";
import { parseCliOptions } from "./cli-options.js";
import { parseFleet } from "./fleet-file.js";

describe("parseCliOptions", () => {
  it("reads the options and resolves the fleet file from where npm was run", () => {
    const args = ["--broker", "mqtt://127.0.0.1:1884", "--fleet", "fleet.json", "--time-scale", "60", "--seed", "1"];
    expect(parseCliOptions([...args, "--devices", "100"], "/home/me")).toEqual({
      brokerUrl: "mqtt://127.0.0.1:1884",
      fleetFile: "/home/me/fleet.json",
      timeScale: 60,
      customerPace: 1,
      seed: 1,
      devices: 100,
      concurrency: 200,
      firmwareTrouble: {},
    });
  });

  it("reads how often firmware updates meet trouble, and refuses an unknown kind or a share above 1", () => {
    const base = ["--broker", "mqtt://x", "--fleet", "f"];
    expect(
      parseCliOptions([...base, "--firmware-trouble", "interrupted=0.01,powerLoss=0.005,rolledBack=0"], "/")
        .firmwareTrouble,
    ).toEqual({ interrupted: 0.01, powerLoss: 0.005, rolledBack: 0 });
    expect(() => parseCliOptions([...base, "--firmware-trouble", "gremlins=0.1"], "/")).toThrow(/firmware-trouble/);
    expect(() => parseCliOptions([...base, "--firmware-trouble", "corrupt=1.5"], "/")).toThrow(/firmware-trouble/);
    expect(() => parseCliOptions([...base, "--firmware-trouble", "corrupt="], "/")).toThrow(/firmware-trouble/);
  });

  it("refuses what is missing or wrong", () => {
    expect(() => parseCliOptions(["--fleet", "f.json"], "/")).toThrow(/--broker/);
    expect(() => parseCliOptions(["--broker", "mqtt://x", "--fleet", "f", "--time-scale", "0"], "/")).toThrow(
      /time-scale/,
    );
    expect(() => parseCliOptions(["--broker", "mqtt://x", "--fleet", "f", "--devices", "1.5"], "/")).toThrow(/devices/);
    expect(() => parseCliOptions(["--broker", "mqtt://x", "--fleet", "f", "--customer-pace", "-2"], "/")).toThrow(
      /customer-pace/,
    );
    expect(() => parseCliOptions(["--broker", "mqtt://x", "--fleet", "f", "--colour"], "/")).toThrow();
  });
});

describe("parseFleet", () => {
  it("reads the server's fleet file", () => {
    expect(
      parseFleet([
        { serial: "WB-0001", secret: "a", machine_type: "washer" },
        { serial: "WB-0002", secret: "b", machine_type: "dryer", firmware: "2.1.0" },
      ]),
    ).toEqual([
      { serial: "WB-0001", secret: "a", machineType: "washer" },
      { serial: "WB-0002", secret: "b", machineType: "dryer", firmware: "2.1.0" },
    ]);
  });

  it("reads each machine's money and price template parameters", () => {
    const params = { program_minutes: 40, price_lo: 50, price_hi: 0, option_count: 0 };
    expect(
      parseFleet([{ serial: "WB-0003", secret: "c", machine_type: "washer", currency: "THB", coin: 10, params }]),
    ).toEqual([{ serial: "WB-0003", secret: "c", machineType: "washer", currency: "THB", coin: 10, params }]);
    const entry = { serial: "WB-0003", secret: "c", machine_type: "washer" };
    expect(() => parseFleet([{ ...entry, currency: "Baht" }])).toThrow(/fleet\[0\]: currency/);
    expect(() => parseFleet([{ ...entry, coin: 0.5 }])).toThrow(/coin/);
    expect(() => parseFleet([{ ...entry, params: { price_lo: 70_000 } }])).toThrow(/params/);
  });

  it("names the first bad entry", () => {
    expect(() => parseFleet({})).toThrow(/array/);
    expect(() => parseFleet([{ serial: "a/b", secret: "x", machine_type: "washer" }])).toThrow(/fleet\[0\]: serial/);
    expect(() => parseFleet([{ serial: "WB-0001", machine_type: "washer" }])).toThrow(/secret/);
  });
});
