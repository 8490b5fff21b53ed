// One process of the device benchmark's fleet: connects its slice of the simulated machines, then
// inserts coins into them round-robin at the rate it is told, and reports to its parent over IPC.
// Kept out of the benchmark's own process so that generating load and measuring it do not share a
// thread (the machine has two cores; the broker, PostgreSQL and the server share them too).
import { Fleet } from "@washboard/device-sim";
import mqtt from "mqtt";

// Machines `<prefix><n>` for n = offset + 1, offset + 1 + stride, … up to count; `hostile`: serials of
// machines that send poison instead, `poisonShare` of all messages.
const {
  brokerUrl,
  prefix,
  count,
  stride,
  offset,
  secret,
  rate,
  hostile = [],
  poisonShare = 0,
} = JSON.parse(process.argv[2]);
const serials = [];
for (let n = offset + 1; n <= count; n += stride) serials.push(`${prefix}${n}`);
const fleet = new Fleet(
  serials.map((serial) => ({ serial, secret, machineType: "washer" })),
  { brokerUrl, autonomous: false, timeScale: 60 },
);

let slice;
let asked = 0;
let poisoned = 0;
let stopping = false;

/**
 * What a broken or forged controller sends: text the database cannot hold, times no clock shows,
 * amounts no machine takes, wrong types, and bytes that are not JSON — each a message the server
 * must set aside without losing anyone else's.
 */
const POISON = [
  (n) => ({
    v: 1,
    id: `p${n}`,
    ts: now(),
    type: "cycle_started",
    program: "Hot\u0000",
    price: 600,
    minutes: 30,
    start_type: "coins",
  }),
  (n) => ({ v: 1, id: `p${n}`, ts: 99_999_999_999, type: "coin_inserted", amount: 100 }),
  (n) => ({
    v: 1,
    id: `p${n}`,
    ts: now(),
    type: "cycle_started",
    program: "Hot",
    price: 2_147_483_647,
    minutes: 30,
    start_type: "coins",
  }),
  (n) => ({ v: 1, id: `p${n}`, ts: now(), type: "card_topped_up", card_number: "X-1", amount: 1_000_000 }),
  (n) => ({ v: 1, id: `p${n}`.repeat(40), ts: now(), type: "coin_inserted", amount: 100 }),
  () => ({ v: 1, online: true, fault: "E\ud800" }),
  () => "{not json",
  () => ({ v: 1, id: 7, ts: "yesterday", type: "coin_inserted", amount: -5 }),
];
const now = () => Math.floor(Date.now() / 1000);
const hostileClients = await Promise.all(
  hostile.map((serial) =>
    mqtt
      .connectAsync(brokerUrl, { clientId: serial, username: serial, password: secret, clean: true })
      .then((client) => ({ serial, client })),
  ),
);

function sendPoison() {
  const { serial, client } = hostileClients[poisoned % hostileClients.length];
  const make = POISON[poisoned % POISON.length];
  const message = make(poisoned);
  const kind = typeof message === "object" && "online" in message ? "status" : "event";
  client.publish(`wb/v1/d/${serial}/${kind}`, typeof message === "string" ? message : JSON.stringify(message), {
    qos: 1,
  });
  poisoned += 1;
}
process.on("message", async (message) => {
  if (message.type === "load") {
    const devices = fleet.devices;
    let next = 0;
    // Coins every 10 ms, as many as the time since the start asks for: a late timer catches up, so
    // the rate asked is the rate offered for as long as this process keeps up.
    const started = performance.now();
    // A coin is two messages (an event and the reported shadow): poison is its share of all messages.
    const poisonPerCoin = hostileClients.length > 0 ? (2 * poisonShare) / (1 - poisonShare) : 0;
    slice = setInterval(() => {
      const owed = Math.floor((rate * (performance.now() - started)) / 1000) - asked;
      for (let i = 0; i < owed; i++) {
        devices[next % devices.length].insertCoins(100);
        next += 1;
        asked += 1;
      }
      const poisonOwed = Math.floor(asked * poisonPerCoin) - poisoned;
      for (let i = 0; i < poisonOwed; i++) sendPoison();
    }, 10);
  } else if (message.type === "stop" && !stopping) {
    stopping = true;
    clearInterval(slice);
    // What was just asked is still being published: let it reach the broker before the count is
    // final and the machines disconnect, so the count is of messages sent, not of coins wished for.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    process.send({ type: "asked", asked, poisoned });
    await Promise.all(hostileClients.map(({ client }) => client.endAsync().catch(() => undefined)));
    // The run's machines leave no retained status behind on a shared broker.
    await fleet.stop({ forget: true }).catch(() => undefined);
    process.send({ type: "stopped" });
    process.exit(0);
  }
});

const connected = await fleet.start({ concurrency: 100 });
process.send({ type: "connected", connected: connected.connected });
