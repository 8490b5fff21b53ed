import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A phone number unique to the run. */
const phone = (kit: ExampleKit) => `601${kit.unique("").replace(/\D/g, "").padEnd(8, "0").slice(-8)}`;

/** A member of the Kuala Lumpur vendor registered at the counter, through the API; answers its id. */
const member = async (kit: ExampleKit) =>
  (await kit.made(API.members.create, { phone: phone(kit), name: "Example" })).id;

/** A card of the Kuala Lumpur vendor, bound to `memberId` when given, through the API; answers its id. */
async function card(kit: ExampleKit, memberId?: number): Promise<number> {
  const uuid = kit.unique("").slice(-8).padStart(8, "0");
  const { id } = await kit.made(API.members.cardCreate, { uuid, card_number: `C${uuid}`, type: "ordinary" });
  if (memberId !== undefined) await kit.made(API.members.cardBind, { card_id: id, member_id: memberId });
  return id;
}

/**
 * Calls of the members domain that succeed, for the tests generated from the registry: the console's
 * members and cards, and the member app's calls, made by a member (no console account; the row names
 * the member and the Kuala Lumpur vendor).
 */
export const examples = callExamples(API.members, {
  create: async (kit) => ({ body: { phone: phone(kit), name: "Example" } }),
  modify: async (kit) => ({
    body: { member_id: await member(kit), phone: phone(kit), name: "Renamed", status: "active" },
  }),
  modifyBalances: async (kit) => ({
    body: { member_id: await member(kit), balance: 500, reward: 0, seen_balance: 0, seen_reward: 0, reason: "Example" },
  }),
  topUp: async (kit) => ({ body: { member_id: await member(kit), amount: 1_000, reason: "Paid at the counter" } }),
  giveCoupon: async (kit) => ({ body: { member_ids: [await member(kit)], coupon_id: await kit.coupon() } }),
  cardCreate: async (kit) => {
    const uuid = kit.unique("").slice(-8).padStart(8, "0");
    return { body: { uuid, card_number: `C${uuid}`, type: "ordinary" } };
  },
  cardModify: async (kit) => ({ body: { card_id: await card(kit), type: "free" } }),
  cardRemove: async (kit) => ({ body: { card_id: await card(kit) } }),
  cardBind: async (kit) => ({ body: { card_id: await card(kit), member_id: await member(kit) } }),
  cardUnbind: async (kit) => {
    const memberId = await member(kit);
    return { body: { card_id: await card(kit, memberId), member_id: memberId } };
  },
  cardTopUp: async (kit) => ({ body: { card_id: await card(kit), amount: 1_000 } }),
  appRegister: async (kit) => ({
    body: { place: { serial: (await kit.payableMachine()).serial }, phone: phone(kit), pin: "1357" },
  }),
  appSignIn: async (kit) => {
    const app = await kit.memberApp();
    return { body: { place: { serial: app.serial }, phone: app.phone, pin: app.pin } };
  },
  appSignOut: async (kit) => ({ body: {}, as: await kit.memberApp() }),
  appChangePin: async (kit) => {
    const app = await kit.memberApp();
    return { body: { old_pin: app.pin, new_pin: "8642" }, as: app };
  },
  appTopUp: async (kit) => ({
    body: { amount: 1_000, provider: "sandbox", request_id: kit.unique("top-up-") },
    as: await kit.memberApp(),
  }),
  appPay: async (kit) => {
    const app = await kit.memberApp();
    const topUp = { amount: 5_000, provider: "sandbox", request_id: kit.unique("top-up-") } as const;
    await kit.server.send(API.members.appTopUp, topUp, { headers: app.headers });
    return { body: { serial: app.serial }, as: app };
  },
});
