import { Counter, type Registry } from "prom-client";

/**
 * Firmware files served to machines (modules/ota/download-route.ts): the bytes sent, and the
 * downloads that resumed (a range that does not start at the first byte: an interrupted download
 * picking up where it stopped instead of starting over).
 */
export class FirmwareDownloadMetrics {
  private readonly bytes: Counter;
  private readonly resumed: Counter;

  constructor(registry: Registry) {
    this.bytes = new Counter({
      name: "washboard_firmware_bytes_served_total",
      help: "Bytes of uploaded firmware files served to machines",
      registers: [registry],
    });
    this.resumed = new Counter({
      name: "washboard_firmware_downloads_resumed_total",
      help: "Firmware downloads that resumed by range instead of starting over",
      registers: [registry],
    });
  }

  served(bytes: number, resumed: boolean): void {
    this.bytes.inc(bytes);
    if (resumed) this.resumed.inc();
  }
}
