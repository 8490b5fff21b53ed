import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  createCouponDefinition,
  listCouponDefinitions,
  modifyCouponDefinition,
  removeCouponDefinition,
  setCouponStatus,
} from "./coupon-definitions.js";
import { couponByUniqueDid, couponsOfMember, giveCoupon, giveCouponByFilter, vendorCoupons } from "./coupon-gifts.js";
import { couponMailJob, couponMailJobsOf, sendCouponMails } from "./coupon-mail.js";
import { claimInviteLink, createInviteLink, listInviteLinks, removeInviteLink } from "./invite-links.js";
import { invitePageOf } from "./invite-page.js";
import { givePasses, passesOfMember } from "./member-passes.js";

/** The coupon calls of the members domain: definitions, gifts, e-mail batches, invitation links and their claims. */
export function couponRoutes(r: Routes, { db }: AppDeps) {
  // ── what members hold, and gifts ──
  r.call(API.members.coupons, (_input, ctx) => vendorCoupons(db, ctx.scope));
  r.call(API.members.memberCoupons, (input, ctx) => couponsOfMember(db, ctx.scope, input.member_id));
  r.call(API.members.memberPasses, (input, ctx) => passesOfMember(db, ctx.scope, input.member_id));
  r.call(API.members.givePass, async (input, ctx) => {
    ctx.audit.target = `promotion:${input.promotion_id}`;
    return givePasses(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.couponByUniqueDid, (input, ctx) => couponByUniqueDid(db, ctx.scope, input.unique_did));
  r.call(API.members.giveCoupon, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.coupon_id}`;
    return giveCoupon(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.giveCouponByFilter, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.coupon_id}`;
    return giveCouponByFilter(db, ctx.scope, ctx.actor, input);
  });

  // ── definitions ──
  r.call(API.members.couponList, (input, ctx) => listCouponDefinitions(db, ctx.scope, input));
  r.call(API.members.couponCreate, async (input, ctx) => {
    const coupon = await createCouponDefinition(db, ctx.scope, input);
    ctx.audit.target = `coupon:${coupon.id}`;
    return coupon;
  });
  r.call(API.members.couponModify, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.id}`;
    return modifyCouponDefinition(db, ctx.scope, input);
  });
  r.call(API.members.couponSetStatus, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.id}`;
    return setCouponStatus(db, ctx.scope, input);
  });
  r.call(API.members.couponRemove, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.id}`;
    return removeCouponDefinition(db, ctx.scope, input.id);
  });

  // ── by e-mail ──
  r.call(API.members.couponMail, async (input, ctx) => {
    ctx.audit.target = `coupon:${input.coupon_id}`;
    return sendCouponMails(db, ctx.scope, ctx.actor, input);
  });
  r.call(API.members.couponMailJob, (input, ctx) => couponMailJob(db, ctx.scope, input.job_id));
  r.call(API.members.couponMailJobs, (input, ctx) => couponMailJobsOf(db, ctx.scope, input.coupon_id));

  // ── invitation links ──
  r.call(API.members.inviteLinks, (input, ctx) => listInviteLinks(db, ctx.scope, input));
  r.call(API.members.inviteLinkCreate, async (input, ctx) => {
    const link = await createInviteLink(db, ctx.scope, ctx.actor, input);
    ctx.audit.target = `invite:${link.id}`;
    return link;
  });
  r.call(API.members.inviteLinkRemove, async (input, ctx) => {
    ctx.audit.target = `invite:${input.id}`;
    return removeInviteLink(db, ctx.scope, input.id);
  });
  r.call(API.members.appInvite, (input) => invitePageOf(db, input.code));
  r.call(API.members.appClaimInvite, async (input, ctx) => {
    ctx.audit.target = `member:${ctx.member.memberId}`;
    ctx.audit.vendorId = ctx.member.vendorId;
    return claimInviteLink(db, ctx.member, input.code);
  });
}
