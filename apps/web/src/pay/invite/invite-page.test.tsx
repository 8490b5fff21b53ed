import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { InvitePage as InviteOffer, MemberCouponItem } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { loadTranslator, type Translate } from "../i18n";
import InvitePage from "./InvitePage";

/** The invitation page against a stand-in server: what the customer reads, and what the page sends. */
let t: Translate;
beforeAll(async () => {
  t = await loadTranslator("en");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const offer = (overrides: Partial<InviteOffer> = {}): InviteOffer => ({
  code: "AB23CD45",
  vendor_name: "Demo Laundry Kuala Lumpur",
  time_zone: "Asia/Kuala_Lumpur",
  coupon: {
    name: "Welcome voucher",
    kind: "voucher",
    discount_rate: null,
    amount: 500,
    currency: "MYR",
    valid_days: 14,
  },
  // Midnight after 2027-01-31 in Kuala Lumpur (UTC+8).
  expires_at: Date.UTC(2027, 0, 31, 16) / 1000,
  status: "valid",
  ...overrides,
});

const held: MemberCouponItem = {
  id: 9,
  unique_did: "D7Q2K9",
  coupon: {
    id: 3,
    code: "WELCOME5",
    kind: "voucher",
    name: "Welcome voucher",
    discount_rate: null,
    amount: 500,
    currency: "MYR",
    valid_days: 14,
    enabled: true,
  },
  member_id: 41,
  state: "unused",
  status: "valid",
  issued_at: Date.UTC(2027, 0, 10) / 1000,
  expires_at: Date.UTC(2027, 0, 24, 16) / 1000,
};

type Sent = { path: string; body: unknown; authorization: string | undefined };

/** A server answering each path with a result or a refusal's code; what was sent is kept in order. */
function serve(answers: Record<string, { result?: unknown; code?: string }>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (path: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    sent.push({ path, body: JSON.parse(String(init.body)), authorization: headers.authorization });
    const answer = answers[path] ?? { code: "NOT_FOUND" };
    const envelope = answer.code
      ? { status: 404, code: answer.code, message: answer.code }
      : { status: 200, result: answer.result };
    return new Response(JSON.stringify(envelope), { headers: { "content-type": "application/json" } });
  });
  return sent;
}

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = async () => {
  await act(async () => {
    fireEvent.click(screen.getByTestId("invite-submit"));
  });
};

describe("an invitation link's page", () => {
  it("shows the vendor, the coupon and the last day to claim it, on the vendor's calendar", async () => {
    serve({ "/api/member/get_invite": { result: offer() } });
    render(<InvitePage t={t} code="ab23cd45" />);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Demo Laundry Kuala Lumpur");
    const shown = screen.getByTestId("invite-offer").textContent;
    expect(shown).toContain("Welcome voucher");
    expect(shown).toContain("RM 5.00 off");
    expect(shown).toContain("Valid for 14 days once claimed");
    expect(screen.getByTestId("invite-until").textContent).toBe("Claim it by January 31, 2027");
  });

  it("says a claimed-out or invalid link is so and offers nothing else", async () => {
    serve({ "/api/member/get_invite": { result: offer({ status: "claimed_out" }) } });
    render(<InvitePage t={t} code="AB23CD45" />);
    expect((await screen.findByTestId("invite-unavailable")).textContent).toBe(
      "All the coupons of this invitation have been claimed.",
    );
    expect(screen.queryByTestId("invite-form")).toBeNull();
    cleanup();
    serve({ "/api/member/get_invite": { result: offer({ status: "invalid" }) } });
    render(<InvitePage t={t} code="AB23CD45" />);
    expect((await screen.findByTestId("invite-unavailable")).textContent).toBe("This invitation is no longer valid.");
    expect(screen.queryByTestId("invite-form")).toBeNull();
  });

  it("says an unknown link does not exist", async () => {
    serve({});
    render(<InvitePage t={t} code="NOSUCH99" />);
    expect(await screen.findByText(/This invitation link does not exist/)).toBeTruthy();
  });

  it("checks the fields by the member app's rules before sending anything, the first wrong one focused", async () => {
    const sent = serve({ "/api/member/get_invite": { result: offer() } });
    render(<InvitePage t={t} code="AB23CD45" />);
    await screen.findByTestId("invite-form");
    type("invite-phone", "call me");
    await submit();
    const phone = screen.getByLabelText("Phone number");
    expect(phone.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(String(phone.getAttribute("aria-describedby")))?.textContent).toBe(
      "Enter a valid phone number",
    );
    expect(screen.getByLabelText("PIN (4 to 6 digits)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Enter a PIN of 4 to 6 digits")).toBeTruthy();
    expect(document.activeElement).toBe(phone);
    expect(sent.map((s) => s.path)).toEqual(["/api/member/get_invite"]);
  });

  it("registers a new customer, signs in through the invitation and claims with the member's token: the coupon is theirs", async () => {
    const sent = serve({
      "/api/member/get_invite": { result: offer() },
      "/api/member/register": { result: { accepted: true } },
      "/api/member/sign_in": { result: { member_token: "tok-1", member_id: 41, expires_at: 0, notices: [] } },
      "/api/member/claim_invite": { result: held },
    });
    render(<InvitePage t={t} code="AB23CD45" />);
    await screen.findByTestId("invite-form");
    fireEvent.click(screen.getByLabelText("New here: register"));
    type("invite-phone", "60123456789");
    type("invite-pin", "2580");
    type("invite-name", "Aisha");
    await submit();
    const claimed = await screen.findByTestId("invite-claimed");
    expect(claimed.textContent).toContain("The coupon is yours");
    expect(claimed.textContent).toContain("Coupon code: D7Q2K9");
    expect(claimed.textContent).toContain("Valid until January 24, 2027");
    expect(document.activeElement).toBe(claimed);
    expect(sent.slice(1)).toEqual([
      {
        path: "/api/member/register",
        body: { place: { invite: "AB23CD45" }, phone: "60123456789", pin: "2580", name: "Aisha" },
        authorization: undefined,
      },
      {
        path: "/api/member/sign_in",
        body: { place: { invite: "AB23CD45" }, phone: "60123456789", pin: "2580" },
        authorization: undefined,
      },
      { path: "/api/member/claim_invite", body: { code: "AB23CD45" }, authorization: "Bearer tok-1" },
    ]);
  });

  it("says a refusal in words and gives it the focus", async () => {
    serve({
      "/api/member/get_invite": { result: offer() },
      "/api/member/sign_in": { result: { member_token: "tok-2", member_id: 41, expires_at: 0, notices: [] } },
      "/api/member/claim_invite": { code: "INVITE_ALREADY_CLAIMED" },
    });
    render(<InvitePage t={t} code="AB23CD45" />);
    await screen.findByTestId("invite-form");
    type("invite-phone", "60123456789");
    type("invite-pin", "2580");
    await submit();
    const failure = await screen.findByRole("alert");
    expect(failure.textContent).toBe("You have already claimed this coupon.");
    expect(document.activeElement).toBe(failure);
  });
});
