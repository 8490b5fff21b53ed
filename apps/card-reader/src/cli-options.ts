import { parseArgs } from "node:util";
import { CARD_READER_PORT, CARD_READER_TAP_PORT } from "@washboard/shared";
import { parseAllowedOrigin } from "./origins.js";

export interface CliOptions {
  /** The simulated reader even when pcsclite is installed. */
  simulated: boolean;
  port: number;
  tapPort: number;
  /** Origins allowed besides the defaults (the console as deployed). */
  allowOrigins: string[];
}

export const USAGE = `Usage: npm run card-reader -- [options]

  --simulated            use the simulated reader even when a PC/SC reader could be used
  --port N               the WebSocket port the console connects to (default ${CARD_READER_PORT})
  --tap-port N           the simulated reader's tap API (default ${CARD_READER_TAP_PORT})
  --allow-origin ORIGIN  let the console served from ORIGIN connect, e.g. https://console.example.com
                         (repeatable; http(s)://localhost and 127.0.0.1 on any port are always allowed)`;

function portNumber(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new Error(`--${name} must be a port number (1 to 65535), not "${text}"`);
  }
  return value;
}

export function parseCliOptions(args: readonly string[]): CliOptions {
  const { values } = parseArgs({
    args: [...args],
    options: {
      simulated: { type: "boolean", default: false },
      port: { type: "string" },
      "tap-port": { type: "string" },
      "allow-origin": { type: "string", multiple: true, default: [] },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = portNumber("port", values.port, CARD_READER_PORT);
  const tapPort = portNumber("tap-port", values["tap-port"], CARD_READER_TAP_PORT);
  if (port === tapPort) throw new Error("--port and --tap-port must differ");
  return {
    simulated: values.simulated,
    port,
    tapPort,
    allowOrigins: values["allow-origin"].map(parseAllowedOrigin),
  };
}
