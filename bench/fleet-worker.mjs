// One process of the device benchmark's fleet: connects its slice of the simulated machines, then
// inserts coins into them round-robin at the rate it is told, and reports to its parent over IPC.
// Kept out of the benchmark's own process so that generating load and measuring it do not share a
// thread (the machine has two cores; the broker, PostgreSQL and the server share them too).
import { Fleet } from "@washboard/device-sim";

// Machines `<prefix><n>` for n = offset + 1, offset + 1 + stride, … up to count.
const { brokerUrl, prefix, count, stride, offset, secret, rate } = JSON.parse(process.argv[2]);
const serials = [];
for (let n = offset + 1; n <= count; n += stride) serials.push(`${prefix}${n}`);
const fleet = new Fleet(
  serials.map((serial) => ({ serial, secret, machineType: "washer" })),
  { brokerUrl, autonomous: false, timeScale: 60 },
);

let slice;
let asked = 0;
let stopping = false;
process.on("message", async (message) => {
  if (message.type === "load") {
    const devices = fleet.devices;
    let next = 0;
    // Coins every 10 ms, as many as the time since the start asks for: a late timer catches up, so
    // the rate asked is the rate offered for as long as this process keeps up.
    const started = performance.now();
    slice = setInterval(() => {
      const owed = Math.floor((rate * (performance.now() - started)) / 1000) - asked;
      for (let i = 0; i < owed; i++) {
        devices[next % devices.length].insertCoins(100);
        next += 1;
        asked += 1;
      }
    }, 10);
  } else if (message.type === "stop" && !stopping) {
    stopping = true;
    clearInterval(slice);
    process.send({ type: "asked", asked });
    // The run's machines leave no retained status behind on a shared broker.
    await fleet.stop({ forget: true }).catch(() => undefined);
    process.send({ type: "stopped" });
    process.exit(0);
  }
});

const connected = await fleet.start({ concurrency: 100 });
process.send({ type: "connected", connected: connected.connected });
