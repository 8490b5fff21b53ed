import { randomBytes } from "node:crypto";
import { bluetoothKeyOfSecret, sealAck } from "@washboard/device-protocol";
import { SimulatedDevice } from "@washboard/device-sim";
import { API, type CommandItem } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { brokerUrlOf, startTestServer, type TestServer } from "../../test/harness.js";
import { provisionDevice } from "./provision.js";

/**
 * Bluetooth start: the server signs a start, a phone (here the test) carries it to the machine (a
 * simulated device's GATT side) and carries the signed answer back. Nothing in between can forge,
 * alter or replay either.
 */
let server: TestServer;
const as = { as: "vendor_admin" } as const;
const run = randomBytes(3).toString("hex").toUpperCase();
const devices: SimulatedDevice[] = [];

async function machine(name: string, online = false) {
  const { kl } = await demoVendors(server.database);
  const serialNumber = `BT${run}-${name}`;
  const { id, secret } = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber,
    machineType: "washer",
  });
  const device = new SimulatedDevice(
    { serial: serialNumber, secret, machineType: "washer" },
    { brokerUrl: brokerUrlOf(server.config), timeScale: 600 },
  );
  devices.push(device);
  if (online) await device.connect();
  return { id, serialNumber, secret, device };
}

const start = (serial_number: string) => ({ serial_number, program: "Quick wash", price: 500, minutes: 20 });

async function history(deviceId: number): Promise<CommandItem[]> {
  return (await server.send(API.devices.commands, { device_id: deviceId }, as)).body.result.items;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
});
afterAll(async () => {
  await Promise.all(devices.map((d) => d.disconnect({ forget: true }).catch(() => undefined)));
  await server.close();
});

describe("Bluetooth start", () => {
  it("starts a machine with no network: the signed answer the phone brings back ends the command", async () => {
    const { id, serialNumber, device } = await machine("OFFLINE");
    const ticket = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    expect(ticket.body.result.command).toMatchObject({ state: "sent", via: "bluetooth", kind: "remote_start" });
    expect(ticket.body.result.command.args).toMatchObject({ start_type: "bluetooth_start", price: 500 });
    expect(ticket.body.result.frame.length).toBeLessThanOrEqual(512);

    const answer = await device.bluetoothWrite(ticket.body.result.frame);
    await device.waitFor((s) => s.busy);
    const relayed = await server.send(
      API.devices.bluetoothAnswer,
      { command_id: ticket.body.result.command.id, frame: answer },
      as,
    );
    expect(relayed.body.result).toMatchObject({ id: ticket.body.result.command.id, state: "succeeded" });
    expect((await history(id))[0]).toMatchObject({ state: "succeeded", via: "bluetooth" });
  });

  it("a frame written twice starts the machine once; the second answer is the first", async () => {
    const { serialNumber, device } = await machine("TWICE");
    const { body } = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    const first = await device.bluetoothWrite(body.result.frame);
    await device.waitFor((s) => s.busy);
    const second = await device.bluetoothWrite(body.result.frame);
    expect(second).toBe(first);
    expect(device.state.handledCommands).toEqual([body.result.command.id]);
  });

  it("a frame signed for another machine, or altered, starts nothing", async () => {
    const { serialNumber } = await machine("TARGET");
    const other = await machine("OTHER");
    const { body } = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    const refused = await other.device.bluetoothWrite(body.result.frame);
    expect(refused).toContain(".");
    expect(other.device.state.busy).toBe(false);

    const [payload = "", signature] = body.result.frame.split(".");
    const altered = JSON.parse(Buffer.from(payload, "base64url").toString());
    altered.price = 0;
    const forged = `${Buffer.from(JSON.stringify(altered)).toString("base64url")}.${signature}`;
    const target = devices.find((d) => d.serial === serialNumber);
    await target?.bluetoothWrite(forged);
    expect(target?.state.busy).toBe(false);
    expect(target?.state.handledCommands).toEqual([]);
  });

  it("an answer the machine did not sign is refused, and the command stays open", async () => {
    const { id, serialNumber } = await machine("FORGED");
    const { body } = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    const wrongKey = await bluetoothKeyOfSecret("not the machine's secret");
    const forged = await sealAck(wrongKey, { v: 1, id: body.result.command.id, ok: true });
    const { http, body: answer } = await server.sendRaw(
      API.devices.bluetoothAnswer,
      { command_id: body.result.command.id, frame: forged },
      as,
    );
    expect(http).toBe(400);
    expect(answer).toMatchObject({ field: "frame", message_key: "devices.bluetooth.badAnswer" });
    expect((await history(id))[0]).toMatchObject({ state: "sent" });
  });

  it("when the machine is online, its answer also arrives over MQTT", async () => {
    const { id, serialNumber, device } = await machine("ONLINE", true);
    const { body } = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    await device.bluetoothWrite(body.result.frame);
    await expect.poll(async () => (await history(id))[0]?.state, { timeout: 10_000 }).toBe("succeeded");
  });

  it("another vendor's machine gets no ticket, and its commands cannot be answered", async () => {
    const { serialNumber } = await machine("MINE");
    const refused = await server.sendRaw(API.devices.bluetoothTicket, start(serialNumber), { as: "vendor2_admin" });
    expect(refused.http).toBe(404);
    const { body } = await server.send(API.devices.bluetoothTicket, start(serialNumber), as);
    const theirs = await server.sendRaw(
      API.devices.bluetoothAnswer,
      { command_id: body.result.command.id, frame: body.result.frame },
      { as: "vendor2_admin" },
    );
    expect(theirs.http).toBe(404);
  });
});
