// One process of the firmware rollout benchmark's fleet (bench/ota.mjs): connects its slice of the
// simulated washers, with the firmware trouble it is told, and keeps a share of them busy with
// customers' cycles, as a laundry's machines are at any moment. Reports to its parent over IPC.
import { Fleet } from "@washboard/device-sim";

const { brokerUrl, prefix, count, stride, offset, secret, trouble, busyShare, cycleSeconds, timeScale } = JSON.parse(
  process.argv[2],
);
const serials = [];
for (let n = offset + 1; n <= count; n += stride) serials.push(`${prefix}${n}`);
const fleet = new Fleet(
  serials.map((serial) => ({ serial, secret, machineType: "washer", firmware: "1.0.0", currency: "MYR", coin: 100 })),
  { brokerUrl, autonomous: false, timeScale, firmwareTrouble: trouble },
);
const devices = fleet.devices;
/** When each machine's customer cycle ends (epoch ms); 0: idle. */
const busyUntil = new Float64Array(devices.length);
const cycle = {
  program: "Standard",
  price: 600,
  minutes: (cycleSeconds * timeScale) / 60,
  payment: { method: "coins", pieces: [200, 200, 200] },
};

let customers;
let cyclesStarted = 0;
/**
 * Customers arrive at idle machines at the rate that keeps `busyShare` of the fleet busy: with
 * cycles of D seconds, an idle machine is taken with probability p per second where
 * p·D / (1 + p·D) = busyShare. A machine installing firmware takes no customer (it is out of
 * service); one downloading does, and postpones its install until the cycle ends.
 */
function keepBusy() {
  const perSecond = busyShare / ((1 - busyShare) * cycleSeconds);
  const tickMs = 250;
  customers = setInterval(() => {
    const now = Date.now();
    for (let i = 0; i < devices.length; i++) {
      if (busyUntil[i] > now || Math.random() >= perSecond * (tickMs / 1000)) continue;
      const device = devices[i];
      if (!device.connected) continue;
      const { busy, installing } = device.state;
      if (busy || installing) continue;
      device.sell(cycle);
      busyUntil[i] = now + cycleSeconds * 1000;
      cyclesStarted += 1;
    }
  }, tickMs);
}

const busyNow = () => {
  const now = Date.now();
  let busy = 0;
  for (const until of busyUntil) if (until > now) busy += 1;
  return busy;
};

process.on("message", async (message) => {
  if (message.type === "customers") keepBusy();
  else if (message.type === "count") {
    const versions = {};
    for (const device of devices) {
      const version = device.state.firmware;
      versions[version] = (versions[version] ?? 0) + 1;
    }
    process.send({ type: "count", busy: busyNow(), devices: devices.length, versions, cyclesStarted });
  } else if (message.type === "stop") {
    clearInterval(customers);
    // The run's machines leave no retained status behind on a shared broker.
    await fleet.stop({ forget: true }).catch(() => undefined);
    process.send({ type: "stopped" });
    process.exit(0);
  }
});

const connected = await fleet.start({ concurrency: 100 });
process.send({ type: "connected", connected: connected.connected });
