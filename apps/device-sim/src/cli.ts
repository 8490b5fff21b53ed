import { parseCliOptions, USAGE } from "./cli-options.js";
import { Fleet, type FleetCounts } from "./fleet.js";
import { readFleetFile } from "./fleet-file.js";

const SUMMARY_EVERY_MS = 10_000;

function summary(counts: FleetCounts, previous: FleetCounts, seconds: number): string {
  const rate = Math.round((counts.messagesSent - previous.messagesSent) / seconds);
  return [
    new Date().toISOString().slice(11, 19),
    `connected ${counts.connected}/${counts.devices}`,
    `sent ${counts.messagesSent} (${rate}/s)`,
    `commands ${counts.commandsAnswered} answered of ${counts.commandsReceived}`,
  ].join(" · ");
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliOptions>;
  try {
    options = parseCliOptions(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const identities = await readFleetFile(options.fleetFile);
  const chosen = options.devices === undefined ? identities : identities.slice(0, options.devices);
  const fleet = new Fleet(chosen, {
    brokerUrl: options.brokerUrl,
    timeScale: options.timeScale,
    customerPace: options.customerPace,
    seed: options.seed,
    firmwareTrouble: options.firmwareTrouble,
  });
  console.log(
    `simulating ${chosen.length} devices against ${options.brokerUrl} at ×${options.timeScale}` +
      (options.customerPace === 1 ? "" : `, customers ×${options.customerPace}`) +
      (options.seed === undefined ? "" : ` (seed ${options.seed})`),
  );

  let previous = fleet.counts;
  const timer = setInterval(() => {
    const counts = fleet.counts;
    console.log(summary(counts, previous, SUMMARY_EVERY_MS / 1000));
    previous = counts;
  }, SUMMARY_EVERY_MS);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      // A second Ctrl-C: the user does not want to wait for the devices to say goodbye.
      process.exit(130);
    }
    stopping = true;
    console.log(`${signal}: disconnecting ${fleet.connected} devices…`);
    clearInterval(timer);
    fleet.stop().then(
      () => console.log(`stopped · ${summary(fleet.counts, previous, SUMMARY_EVERY_MS / 1000)}`),
      (error: unknown) => {
        console.error("stopping failed", error);
        process.exitCode = 1;
      },
    );
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));

  const started = await fleet.start({ concurrency: options.concurrency });
  if (!stopping) {
    const retrying = started.failed === 0 ? "" : `, ${started.failed} could not connect and keep retrying`;
    console.log(`started: ${started.connected} connected${retrying}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
