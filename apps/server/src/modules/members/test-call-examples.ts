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

/** A coupon definition of the Kuala Lumpur vendor, through the API; answers its id. */
const couponDefinition = async (kit: ExampleKit) =>
  (
    await kit.made(API.members.couponCreate, {
      code: kit.unique("EX"),
      name: kit.unique("Example coupon "),
      kind: "voucher",
      amount: 300,
      valid_days: 30,
    })
  ).id;

/** The Demo Group's mail settings (a local SMTP server), which an e-mail batch needs. */
async function mailSettings(kit: ExampleKit): Promise<void> {
  const settings = {
    send_method: "smtp",
    smtp_server: "127.0.0.1",
    auth_method: "none",
    port: await kit.smtpPort(),
    username: "coupons@demo.test",
    password: "",
    sender_name: "Demo",
    title: "",
  } as const;
  await kit.made(API.emailConfig.update, settings, "group_admin");
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
  givePass: async (kit) => {
    const made = await kit.made(API.promotions.create, {
      name: kit.unique("Wash-dry "),
      starts_at: Math.floor(Date.now() / 1000) - 60,
      ends_at: Math.floor(Date.now() / 1000) + 86_400,
      settings: { kind: "washdry", free_washes: 2, free_dries: 2, price: 1_000 },
    });
    return { body: { member_ids: [await member(kit)], promotion_id: made.id } };
  },
  giveCouponByFilter: async (kit) => {
    const memberPhone = phone(kit);
    await kit.made(API.members.create, { phone: memberPhone, name: "Example" });
    return { body: { coupon_id: await kit.coupon(), filters: { search: memberPhone } } };
  },
  couponCreate: async (kit) => ({
    body: {
      code: kit.unique("NEW"),
      name: kit.unique("New coupon "),
      kind: "discount",
      discount_rate: 15,
      valid_days: 7,
    },
  }),
  couponModify: async (kit) => ({
    body: {
      id: await couponDefinition(kit),
      code: kit.unique("CHG"),
      name: kit.unique("Changed coupon "),
      kind: "free",
      valid_days: 14,
    },
  }),
  couponSetStatus: async (kit) => ({ body: { id: await couponDefinition(kit), enabled: false } }),
  couponRemove: async (kit) => ({ body: { id: await couponDefinition(kit) } }),
  couponMail: async (kit) => {
    await mailSettings(kit);
    return { body: { coupon_id: await couponDefinition(kit), addresses: ["someone@demo.test"] } };
  },
  inviteLinkCreate: async (kit) => ({
    body: { coupon_id: await couponDefinition(kit), quantity: 10, valid_days: 30 },
  }),
  inviteLinkRemove: async (kit) => {
    const link = await kit.made(API.members.inviteLinkCreate, {
      coupon_id: await couponDefinition(kit),
      quantity: 10,
      valid_days: 30,
    });
    return { body: { id: link.id } };
  },
  appClaimInvite: async (kit) => {
    const app = await kit.memberApp();
    const link = await kit.made(API.members.inviteLinkCreate, {
      coupon_id: await couponDefinition(kit),
      quantity: 10,
      valid_days: 30,
    });
    return { body: { code: link.code }, as: app };
  },
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
  appTakePass: async (kit) => {
    const app = await kit.memberApp();
    const made = await kit.server.send(
      API.promotions.create,
      {
        name: kit.unique("Card "),
        starts_at: Math.floor(Date.now() / 1000) - 60,
        ends_at: Math.floor(Date.now() / 1000) + 86_400,
        settings: { kind: "dis_card", percent_off: 10, validity_days: 30 },
      },
      { as: "vendor_admin" },
    );
    return { body: { promotion_id: made.body.result.id, request_id: kit.unique("take-card-") }, as: app };
  },
  appPay: async (kit) => {
    const app = await kit.memberApp();
    const topUp = { amount: 5_000, provider: "sandbox", request_id: kit.unique("top-up-") } as const;
    await kit.server.send(API.members.appTopUp, topUp, { headers: app.headers });
    return { body: { serial: app.serial }, as: app };
  },
});
