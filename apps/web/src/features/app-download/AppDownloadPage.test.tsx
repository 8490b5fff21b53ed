import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18next, initI18n, loadConsoleCatalogue, loadScreenCatalogue } from "../../app/i18n";
import { renderInApp } from "../../test/render";

/** The links the server answers, per test. */
const links = { customer_url: "", operator_url: "" };
vi.mock("../../app/api/client", () => ({
  call: vi.fn(async (contract: { path: string }) => {
    if (contract.path !== "/api/Admin/get_app_download_links") throw new Error(`unexpected call ${contract.path}`);
    return { ...links };
  }),
  ApiError: class extends Error {},
}));
// No canvas in happy-dom: the QR card is "drawn" as a tiny PNG.
vi.mock("../../app/ui/qr/qr-image", async (original) => ({
  ...(await original<typeof import("../../app/ui/qr/qr-image")>()),
  qrCardPng: vi.fn(async () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" })),
}));

const { default: AppDownloadPage } = await import("./AppDownloadPage");

beforeAll(async () => {
  await initI18n();
  await Promise.all([loadConsoleCatalogue(), loadScreenCatalogue()]);
  await i18next.changeLanguage("en");
});
afterEach(cleanup);

describe("the app download screen", () => {
  it("says who sets a link while none is set, with no QR code", async () => {
    Object.assign(links, { customer_url: "", operator_url: "" });
    renderInApp(<AppDownloadPage />);
    for (const testId of ["app-download-customer", "app-download-operator"]) {
      const card = await screen.findByTestId(testId);
      expect(within(card).getByText("Not set yet — the platform administrator sets it.")).toBeTruthy();
      expect(within(card).queryByRole("img", { name: /QR code/ })).toBeNull();
    }
  });

  it("shows each set link's QR code, the link to copy and the PNG download", async () => {
    Object.assign(links, { customer_url: "https://apps.laundry.test/customer", operator_url: "" });
    renderInApp(<AppDownloadPage />);
    const customer = await screen.findByTestId("app-download-customer");
    expect(
      await within(customer).findByRole("img", { name: "QR code of the Customer app download link" }),
    ).toBeTruthy();
    expect(within(customer).getByText("https://apps.laundry.test/customer")).toBeTruthy();
    expect(within(customer).getByRole("button", { name: /Download QR as PNG/ })).toBeTruthy();
    const operator = screen.getByTestId("app-download-operator");
    expect(within(operator).getByText("Not set yet — the platform administrator sets it.")).toBeTruthy();
  });
});
