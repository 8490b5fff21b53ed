import { BLUETOOTH_GATT, type BluetoothInfo, bluetoothInfo, decodeDeviceMessage as decode } from "@washboard/shared";

/*
 * The slice of Web Bluetooth the tool uses, typed here (TypeScript's DOM library has no Web
 * Bluetooth), and one machine connection over the documented GATT service.
 */

interface GattCharacteristic extends EventTarget {
  readonly value?: DataView;
  readValue(): Promise<DataView>;
  writeValueWithResponse(value: BufferSource): Promise<void>;
  startNotifications(): Promise<GattCharacteristic>;
}

interface GattService {
  getCharacteristic(uuid: string): Promise<GattCharacteristic>;
}

interface GattServer {
  readonly connected: boolean;
  getPrimaryService(uuid: string): Promise<GattService>;
  disconnect(): void;
}

interface BluetoothDevice {
  readonly name?: string;
  readonly gatt?: { connect(): Promise<GattServer> };
}

interface Bluetooth {
  getAvailability?(): Promise<boolean>;
  requestDevice(options: { filters: { services: string[] }[] }): Promise<BluetoothDevice>;
}

const bluetooth = (): Bluetooth | undefined => (navigator as Navigator & { bluetooth?: Bluetooth }).bluetooth;

/** Whether this browser, on this system, can reach a machine over Bluetooth. */
export async function bluetoothSupported(): Promise<boolean> {
  const api = bluetooth();
  if (!api) return false;
  try {
    return (await api.getAvailability?.()) ?? true;
  } catch {
    return false;
  }
}

/** How long the tool waits for the machine's answer after writing a command. */
const ANSWER_TIMEOUT_MS = 15_000;

export class BluetoothTimeout extends Error {}

const text = (view: DataView) => new TextDecoder().decode(view);

/** One machine the person chose in the browser's picker, connected over GATT. */
export class MachineLink {
  private constructor(
    private readonly server: GattServer,
    private readonly service: GattService,
  ) {}

  /** Opens the browser's picker, filtered to machines offering the service, and connects. */
  static async choose(): Promise<MachineLink> {
    const api = bluetooth();
    if (!api) throw new Error("Web Bluetooth is not available");
    const device = await api.requestDevice({ filters: [{ services: [BLUETOOTH_GATT.service] }] });
    if (!device.gatt) throw new Error("the machine offers no GATT server");
    const server = await device.gatt.connect();
    return new MachineLink(server, await server.getPrimaryService(BLUETOOTH_GATT.service));
  }

  /** The `info` characteristic: serial, type, firmware and state. */
  async info(): Promise<BluetoothInfo> {
    const characteristic = await this.service.getCharacteristic(BLUETOOTH_GATT.info);
    const decoded = decode(bluetoothInfo, text(await characteristic.readValue()));
    if (!decoded.ok) throw new Error(`the machine's info is not understood: ${decoded.error}`);
    return decoded.value;
  }

  /** Writes a signed command frame and resolves with the machine's signed answer frame. */
  async send(frame: string): Promise<string> {
    const result = await this.service.getCharacteristic(BLUETOOTH_GATT.result);
    await result.startNotifications();
    const answer = new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        result.removeEventListener("characteristicvaluechanged", onValue);
        reject(new BluetoothTimeout("the machine did not answer"));
      }, ANSWER_TIMEOUT_MS);
      function onValue() {
        if (!result.value) return;
        clearTimeout(timer);
        result.removeEventListener("characteristicvaluechanged", onValue);
        resolve(text(result.value));
      }
      result.addEventListener("characteristicvaluechanged", onValue);
    });
    const command = await this.service.getCharacteristic(BLUETOOTH_GATT.command);
    await command.writeValueWithResponse(new TextEncoder().encode(frame));
    return answer;
  }

  disconnect(): void {
    if (this.server.connected) this.server.disconnect();
  }
}
