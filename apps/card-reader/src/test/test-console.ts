import { type CardReaderBridgeMessage, parseCardReaderBridgeFrame } from "@washboard/shared";
import WebSocket from "ws";

/** How long a test waits for a frame the bridge should send at once. */
const FRAME_WAIT_MS = 2000;

/**
 * A console as the bridge sees it, for tests: a WebSocket on loopback whose frames are queued and
 * taken one by one in order.
 */
export class TestConsole {
  private readonly frames: string[] = [];
  private wake: (() => void) | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data, isBinary) => {
      this.frames.push(isBinary ? "<binary>" : String(data));
      this.wake?.();
    });
  }

  static async connect(port: number, origin?: string): Promise<TestConsole> {
    const socket = new WebSocket(`ws://127.0.0.1:${port}`, origin === undefined ? {} : { origin });
    const testConsole = new TestConsole(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    return testConsole;
  }

  get open(): boolean {
    return this.socket.readyState === WebSocket.OPEN;
  }

  send(frame: object | string | Buffer): void {
    this.socket.send(typeof frame === "object" && !Buffer.isBuffer(frame) ? JSON.stringify(frame) : frame);
  }

  /** The next frame as text; fails the test when none comes within 2 s. */
  async nextFrame(): Promise<string> {
    const deadline = Date.now() + FRAME_WAIT_MS;
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) return frame;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("the bridge sent nothing within 2 s");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  async next(): Promise<CardReaderBridgeMessage> {
    const frame = await this.nextFrame();
    const message = parseCardReaderBridgeFrame(frame);
    if (message === undefined) throw new Error(`not a bridge message: ${frame}`);
    return message;
  }

  /** Frames that came and were not taken yet. */
  get unread(): readonly string[] {
    return this.frames;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once("close", () => resolve());
      this.socket.close();
    });
  }
}

/** Sends a request to the simulated reader's tap server and gives the status and the answer. */
export async function tapApi(
  port: number,
  path: string,
  body?: object,
  init: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: init.method ?? (path === "/state" ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...init.headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
