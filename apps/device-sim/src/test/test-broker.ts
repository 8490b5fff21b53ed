import net from "node:net";
import { Aedes } from "aedes";

export interface TestBroker {
  url: string;
  close(): Promise<void>;
}

/** An in-process Aedes broker on a free port of 127.0.0.1, open to every client. */
export async function startTestBroker(): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const server = net.createServer(broker.handle);
  const sockets = new Set<net.Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      // A client left connected would keep the server from closing.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
