import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

/** A time-limited offer of the Kuala Lumpur vendor, this week, for every shop. */
const newOffer = (kit: ExampleKit) => ({
  name: kit.unique("Offer "),
  starts_at: now() - DAY,
  ends_at: now() + 6 * DAY,
  settings: { kind: "timelimit" as const, percent_off: 10 },
});
const offer = async (kit: ExampleKit) => (await kit.made(API.promotions.create, newOffer(kit))).id;

/** Weekday afternoons, 20 % off washers. */
const newWindow = (kit: ExampleKit) => ({
  name: kit.unique("Quiet hours "),
  days: [1, 2, 3, 4, 5],
  from: "14:00",
  to: "17:00",
  machine_types: ["washer" as const],
  change: { mode: "percent_off" as const, percent_off: 20 },
});
const priceWindow = async (kit: ExampleKit) => (await kit.made(API.promotions.createWindow, newWindow(kit))).id;

/** A popup on every shop's pay page, this week. */
const newAnnouncement = (kit: ExampleKit) => ({
  title: kit.unique("Good news "),
  body: "New dryers are here.\nThey dry twice as fast.",
  skin: "sky_blue" as const,
  animation: "zoom" as const,
  starts_at: now() - DAY,
  ends_at: now() + 6 * DAY,
});
const announcement = async (kit: ExampleKit) =>
  (await kit.made(API.promotions.createAnnouncement, newAnnouncement(kit))).id;

/** Calls of the promotions domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.promotions, {
  create: async (kit) => ({ body: newOffer(kit) }),
  modify: async (kit) => ({ body: { ...newOffer(kit), id: await offer(kit) } }),
  setStatus: async (kit) => ({ body: { id: await offer(kit), enabled: false } }),
  remove: async (kit) => ({ body: { id: await offer(kit) } }),
  createWindow: async (kit) => ({ body: newWindow(kit) }),
  modifyWindow: async (kit) => ({ body: { ...newWindow(kit), id: await priceWindow(kit), to: "18:00" } }),
  removeWindow: async (kit) => ({ body: { id: await priceWindow(kit) } }),
  pushWindows: async () => ({ body: { retry: true } }),
  createAnnouncement: async (kit) => ({ body: newAnnouncement(kit) }),
  modifyAnnouncement: async (kit) => ({
    body: { ...newAnnouncement(kit), id: await announcement(kit), animation: "shake" },
  }),
  setAnnouncementStatus: async (kit) => ({ body: { id: await announcement(kit), enabled: false } }),
  removeAnnouncement: async (kit) => ({ body: { id: await announcement(kit) } }),
});
