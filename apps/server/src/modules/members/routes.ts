import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  bindCard,
  cardOf,
  createCard,
  listCards,
  modifyCard,
  removeCard,
  topUpCard,
  unbindCard,
} from "./card-service.js";
import { couponRoutes } from "./coupon-routes.js";
import {
  changeMemberPin,
  memberMovements,
  payFromBalance,
  registerInApp,
  signInMember,
  signOutMember,
  topUp,
  wallet,
} from "./member-app.js";
import { memberPassesOf, takePass } from "./member-passes.js";
import {
  createMember,
  listMembers,
  memberByCardNumber,
  memberDetail,
  modifyBalances,
  modifyMember,
  topUpMember,
} from "./member-service.js";
import { listMovements } from "./movement-list.js";
import { cards } from "./tables.js";

export function memberRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;

  // ── the console: members ──
  r.call(API.members.list, (input, ctx) => listMembers(db, ctx.scope, input));
  r.call(API.members.detail, (input, ctx) => memberDetail(db, ctx.scope, input.member_id));
  r.call(API.members.movements, (input, ctx) => listMovements(db, ctx.scope, { memberId: input.member_id }, input));
  r.call(API.members.byCardNumber, (input, ctx) => memberByCardNumber(db, ctx.scope, input.card_number));
  r.call(API.members.modifyBalances, async (input, ctx) => {
    ctx.audit.target = `member:${input.member_id}`;
    return modifyBalances(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.topUp, async (input, ctx) => {
    ctx.audit.target = `member:${input.member_id}`;
    return topUpMember(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.create, async (input, ctx) => {
    const member = await createMember(db, ctx.scope, ctx.actor, input);
    ctx.audit.target = `member:${member.id}`;
    return member;
  });
  r.call(API.members.modify, async (input, ctx) => {
    ctx.audit.target = `member:${input.member_id}`;
    return modifyMember(db, ctx.scope, input);
  });

  // ── the console: cards ──
  r.call(API.members.cardList, (input, ctx) => listCards(db, ctx.scope, input));
  r.call(API.members.cardByUuid, (input, ctx) => cardOf(db, ctx.scope, eq(cards.uuid, input.uuid)));
  r.call(API.members.cardMovements, (input, ctx) => listMovements(db, ctx.scope, { cardId: input.card_id }, input));
  r.call(API.members.cardCreate, async (input, ctx) => {
    const card = await createCard(db, ctx.scope, input);
    ctx.audit.target = `card:${card.id}`;
    return card;
  });
  r.call(API.members.cardModify, async (input, ctx) => {
    ctx.audit.target = `card:${input.card_id}`;
    return modifyCard(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.cardRemove, async (input, ctx) => {
    ctx.audit.target = `card:${input.card_id}`;
    return removeCard(db, ctx.scope, input.card_id);
  });
  r.call(API.members.cardBind, async (input, ctx) => {
    ctx.audit.target = `card:${input.card_id}`;
    return bindCard(db, ctx.scope, input.card_id, input.member_id);
  });
  r.call(API.members.cardUnbind, async (input, ctx) => {
    ctx.audit.target = `card:${input.card_id}`;
    return unbindCard(db, ctx.scope, input.card_id, input.member_id);
  });
  r.call(API.members.cardTopUp, async (input, ctx) => {
    ctx.audit.target = `card:${input.card_id}`;
    return topUpCard(db, ctx.scope, ctx.actor, input);
  });

  // ── the console: coupons (definitions, gifts, e-mail batches, invitation links) and their claims ──
  couponRoutes(r, deps);

  // ── the member app ──
  r.call(API.members.appRegister, async (input, ctx) => {
    // The log names the member either way; the caller is told nothing of which way it went.
    const memberId = await registerInApp(db, deps.config, ctx.ip, input);
    ctx.audit.target = `member:${memberId}`;
    return { accepted: true as const };
  });
  r.call(API.members.appSignIn, async (input, ctx) => {
    const session = await signInMember(db, deps.config, ctx.ip, input);
    ctx.audit.target = `member:${session.member_id}`;
    return session;
  });
  r.call(API.members.appSignOut, async (_input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    return signOutMember(db, ctx.member);
  });
  r.call(API.members.appChangePin, async (input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    return changeMemberPin(db, deps.config, ctx.ip, ctx.member, input);
  });
  r.call(API.members.appWallet, (_input, ctx) => wallet(db, ctx.member));
  r.call(API.members.appMovements, (_input, ctx) => memberMovements(db, ctx.member));
  r.call(API.members.appTopUp, async (input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    return topUp(deps, ctx.member, input);
  });
  r.call(API.members.appPasses, (_input, ctx) => memberPassesOf(db, ctx.member));
  r.call(API.members.appTakePass, async (input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    const pass = await takePass(db, ctx.member, input);
    return { pass, wallet: await wallet(db, ctx.member) };
  });
  r.call(API.members.appPay, async (input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    return payFromBalance(deps, ctx.member, input);
  });
}
