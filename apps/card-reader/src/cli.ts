import { type RunningBridge, startBridge } from "./bridge.js";
import { parseCliOptions, USAGE } from "./cli-options.js";
import { DEFAULT_ALLOWED_ORIGINS } from "./origins.js";
import { attachKeyboard, KEYBOARD_HELP } from "./readers/keyboard.js";
import { loadPcscBackend } from "./readers/pcsc.js";
import type { ReaderBackend } from "./readers/reader.js";
import { SimulatedReader } from "./readers/simulated.js";
import { type RunningTapServer, startTapServer } from "./readers/tap-server.js";

function errorText(error: unknown): string {
  if (error instanceof Error && "code" in error && error.code === "EADDRINUSE") {
    return `${error.message}: is the card-reader bridge running already?`;
  }
  return error instanceof Error ? error.message : String(error);
}

/** What happens on the reader, for the operator watching the terminal. */
function narrate(reader: ReaderBackend): void {
  reader.on("reader_attached", (name) => console.log(`reader plugged in: ${name}`));
  reader.on("reader_removed", (name) => console.log(`reader unplugged: ${name}`));
  reader.on("card_present", (name, uuid) => console.log(`card ${uuid} on ${name}`));
  reader.on("card_removed", (name) => console.log(`card taken off ${name}`));
}

/** Real readers when pcsclite loads, unless the simulated one is asked for. */
async function chooseReader(
  forceSimulated: boolean,
  log: (line: string) => void,
): Promise<{ backend: ReaderBackend; simulated: SimulatedReader | undefined }> {
  if (!forceSimulated) {
    const pcsc = await loadPcscBackend(log);
    if (pcsc.ok) return { backend: pcsc.backend, simulated: undefined };
    console.log(
      `${pcsc.reason}: starting the simulated reader (docs/card-reader-protocol.md says how to use a real one)`,
    );
  }
  const simulated = new SimulatedReader();
  return { backend: simulated, simulated };
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${errorText(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const log = (line: string) => console.error(line);
  const allowedOrigins = [...DEFAULT_ALLOWED_ORIGINS, ...options.allowOrigins];

  const { backend, simulated } = await chooseReader(options.simulated, log);

  let tap: RunningTapServer | undefined;
  let bridge: RunningBridge | undefined;
  let stopKeyboard = () => {};
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) process.exit(130); // a second Ctrl-C: do not wait for the consoles to say goodbye
    stopping = true;
    console.log(`${signal}: stopping`);
    stopKeyboard();
    await bridge?.close();
    await tap?.close();
    await backend.close();
    // The terminal's stdin may still be open for the keyboard; nothing else is left to wait for.
    process.exit();
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  try {
    if (simulated !== undefined) {
      tap = await startTapServer({ port: options.tapPort, reader: simulated, allowedOrigins });
    }
    bridge = await startBridge({ port: options.port, reader: backend, allowedOrigins, log });
  } catch (error) {
    console.error(errorText(error));
    await tap?.close();
    await backend.close();
    process.exitCode = 1;
    return;
  }
  narrate(backend);

  const where = `card-reader bridge listening on ws://127.0.0.1:${bridge.port}`;
  if (simulated !== undefined && tap !== undefined) {
    console.log(`${where} · simulated reader, tap API on http://127.0.0.1:${tap.port} · ${KEYBOARD_HELP}`);
    stopKeyboard = attachKeyboard(simulated, process.stdin, (line) => console.log(line));
  } else {
    const readers = backend.readers();
    console.log(`${where} · PC/SC readers: ${readers.length === 0 ? "none plugged in yet" : readers.join(", ")}`);
  }
}

main().catch((error: unknown) => {
  console.error(errorText(error));
  process.exitCode = 1;
});
