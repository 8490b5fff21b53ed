import { API, type MemberCouponItem } from "@washboard/shared";
import { payCall } from "../api";
import type { JoinMode, JoinValues } from "./join-rules";

/**
 * Registers (a new customer) or not, signs in through the invitation, and claims its coupon. A
 * registration answers the same whether the phone was new (appRegister), so signing in always
 * follows it. The member's token lives in this call only: nothing of the session is kept.
 */
export async function joinAndClaim(code: string, mode: JoinMode, values: JoinValues): Promise<MemberCouponItem> {
  const place = { invite: code };
  if (mode === "register") {
    await payCall(API.members.appRegister, { place, phone: values.phone, pin: values.pin, name: values.name });
  }
  const session = await payCall(API.members.appSignIn, { place, phone: values.phone, pin: values.pin });
  return payCall(API.members.appClaimInvite, { code }, session.member_token);
}
