import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The bridge and the tap server answer this PC only: the reader holds money, and nothing on the
 * network has a reason to touch it.
 */
export function assertLoopbackHost(host: string): void {
  if (host === "localhost" || host === "::1" || /^127(?:\.\d{1,3}){3}$/.test(host)) return;
  throw new Error(`the card-reader bridge listens on loopback only, not on "${host}"`);
}

/** Starts `server` on `host`:`port` (0 for any free port) and gives the port it got. */
export async function listenOn(server: Server, host: string, port: number): Promise<number> {
  assertLoopbackHost(host);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** Stops `server`, not waiting for idle keep-alive connections to time out. */
export function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
