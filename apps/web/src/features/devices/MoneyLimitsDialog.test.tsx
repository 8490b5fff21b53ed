import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import type { MoneyLimitsResult } from "@washboard/shared";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { renderInApp } from "../../test/render";

/** What the server holds, and the payloads the dialog sent. */
const limits: MoneyLimitsResult = {
  max_cycle_amount: 50_000,
  max_top_up_amount: 500_000,
  default_cycle_amount: 100_000,
  default_top_up_amount: 500_000,
  cycle_is_default: false,
  top_up_is_default: true,
};
const sent: unknown[] = [];
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }, body: unknown) => {
    if (contract.path === "/api/Device/get_money_limits") return limits;
    if (contract.path === "/api/Device/set_money_limits") {
      sent.push(body);
      return limits;
    }
    throw new Error(`unexpected call ${contract.path}`);
  }),
  ApiError: class extends Error {},
}));

const { sessionStore } = await import("../../app/session/store");
const { MoneyLimitsDialog } = await import("./MoneyLimitsDialog");

function signInAs(level: number) {
  sessionStore.signIn({
    token: "t",
    level,
    vendor_id: 1,
    group_id: null,
    username: "someone",
    name: "Someone",
    avatar: "",
    roles: [String(level)],
    expires_at: 0,
  });
  sessionStore.updateUser({ permissions: level === 4 ? ["dev_query"] : [] });
}

function open(onClose = () => {}) {
  return renderInApp(<MoneyLimitsDialog display={{ currency: "MYR", hideSymbol: false }} onClose={onClose} />);
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const checkbox = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  sessionStore.clear();
  sent.length = 0;
});

describe("money limits dialog", () => {
  it("shows both ceilings in the vendor's currency, each with its default, and says what a refusal does", async () => {
    signInAs(3);
    open();
    await screen.findByTestId("money-limits-form");
    expect(input("money-limit-cycle").value).toBe("500.00");
    expect(input("money-limit-cycle").disabled).toBe(false);
    expect(checkbox("money-limit-cycle-default").checked).toBe(false);
    // The top-up ceiling is the default: its switch is on, its amount shown but not editable.
    expect(input("money-limit-top_up").value).toBe("5,000.00");
    expect(input("money-limit-top_up").disabled).toBe(true);
    expect(checkbox("money-limit-top_up-default").checked).toBe(true);
    expect(screen.getByText("Use the default (RM 1,000.00)")).toBeTruthy();
    expect(screen.getByText("Use the default (RM 5,000.00)")).toBeTruthy();
    expect(screen.getByText(/the device log shows it as “Message refused”/)).toBeTruthy();
    expect(screen.getByText("The most one cash cycle or card tap may be worth.")).toBeTruthy();
    expect(screen.getByText("The most a kiosk may credit to a card in one top-up.")).toBeTruthy();
    expect(screen.queryByTestId("money-limits-read-only")).toBeNull();
  });

  it("sends null for a ceiling set back to its default, and the amount typed for the other", async () => {
    signInAs(3);
    const onClose = vi.fn();
    open(onClose);
    await screen.findByTestId("money-limits-form");
    fireEvent.click(checkbox("money-limit-cycle-default"));
    // The value and the disabled state arrive in separate renders: a loaded machine shows one before the other.
    await waitFor(() => {
      expect(input("money-limit-cycle").value).toBe("1,000.00");
      expect(input("money-limit-cycle").disabled).toBe(true);
    });
    fireEvent.click(checkbox("money-limit-top_up-default"));
    await waitFor(() => expect(input("money-limit-top_up").disabled).toBe(false));
    fireEvent.change(input("money-limit-top_up"), { target: { value: "2,000" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toEqual([{ max_cycle_amount: null, max_top_up_amount: 200_000 }]));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("refuses a ceiling of nothing, with the server's message", async () => {
    signInAs(3);
    open();
    await screen.findByTestId("money-limits-form");
    fireEvent.change(input("money-limit-cycle"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(i18next.t("validation.amountError"))).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it("is read-only for a sub-account: the ceilings are shown, nothing can be saved", async () => {
    signInAs(4);
    open();
    await screen.findByTestId("money-limits-form");
    expect(screen.getByTestId("money-limits-read-only").textContent).toBe(
      "Only the merchant main administrator can change the money limits.",
    );
    expect(input("money-limit-cycle").value).toBe("500.00");
    expect(input("money-limit-cycle").disabled).toBe(true);
    expect(checkbox("money-limit-cycle-default").disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    // Besides the dialog's own close cross, its one button closes it.
    expect(screen.getAllByRole("button", { name: "Close" }).some((button) => button.textContent === "Close")).toBe(
      true,
    );
  });
});
