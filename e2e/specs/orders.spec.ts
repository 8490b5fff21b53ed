import type { APIRequestContext } from "@playwright/test";
import type { SimulatedDevice } from "@washboard/device-sim";
import { startWechatPayFake } from "@washboard/server/test/wechatpay-fake";
import { formatMoney, PROVIDER_BRAND_NAMES } from "@washboard/shared";
import { API_KEY, apiToken, confirmDialog, expect, keepScreenshot, menuLabels, signIn, test } from "../fixtures";
import { decodeQrPng } from "../support/decode-qr";
import { runMachine } from "../support/fleet";
import { apiCall, rowsOf } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * The money loop as a customer and an operator meet it: a customer scans the demo's pay QR code,
 * pays with the sandbox and the machine starts; the operator sees the machine busy and the order
 * in its list, and refunds it. Refunds of another day are refused, in the operator's language.
 */
const machines: SimulatedDevice[] = [];
test.afterEach(async () => {
  await Promise.all(machines.splice(0).map((m) => m.disconnect().catch(() => undefined)));
});

interface PayQr {
  code: string;
  shop_id: number;
}
interface Device {
  id: number;
  name: string;
  serial_number: string;
  machine_type: string;
}

/** The demo's pay QR code and a washer of its shop. */
async function demoCodeAndWasher(request: APIRequestContext) {
  const token = await apiToken(request, "vendor_admin");
  const codes = await apiCall<{ items: PayQr[] }>(request, "/api/v3/Payqr/get_payqr_all", token, { page_size: 50 });
  const qr = codes.items[0];
  if (!qr) throw new Error("the demo has no pay QR code");
  const listed = await apiCall<{ items: Device[] }>(request, "/api/Vendor/get_devicelist", token, {
    shop_id: qr.shop_id,
    machine_type: "washer",
    page_size: 50,
  });
  const washer = listed.items.at(-1);
  if (!washer) throw new Error("the demo pay code's shop has no washer");
  return { code: qr.code, washer, token };
}

test("a customer pays a demo QR code with the sandbox; the machine starts; the operator sees and refunds the order", async ({
  page,
  browser,
  request,
}) => {
  const { code, washer } = await demoCodeAndWasher(request);
  // Slow cycles: the machine is still running when the operator looks.
  const machine = await runMachine(washer.serial_number, { timeScale: 6 });
  machines.push(machine);

  // The customer's phone: its own browser context, at phone width, in Thai.
  const phone = await browser.newContext({ viewport: { width: 375, height: 760 }, locale: "th-TH" });
  const customer = await phone.newPage();
  let orderNo = "";
  await test.step("the customer chooses the machine, a program and the sandbox, and pays", async () => {
    await customer.goto(`/pay/qr/${code}`);
    const choice = customer.getByTestId("pay-machines").locator("li").filter({ hasText: washer.name });
    await expect(choice).toContainText(text("th-th", "pay.states.idle"));
    await choice.locator("input").check();
    await customer.getByTestId("pay-programs").locator("li").nth(1).locator("input").check();
    await customer
      .getByTestId("pay-providers")
      .locator("li")
      .filter({ hasText: text("th-th", "pay.sandbox") })
      .locator("input")
      .check();
    await keepScreenshot(customer, "pay-choose-th");
    await customer.getByTestId("pay-submit").click();
    await expect(customer.getByTestId("pay-sandbox")).toBeVisible();
    orderNo = decodeURIComponent(new URL(customer.url()).pathname.split("/").pop() ?? "");
    await customer.getByTestId("pay-sandbox-pay").click();
    await expect(customer.getByTestId("pay-status")).toHaveAttribute("data-start", "started", { timeout: 20_000 });
    await expect(customer.getByTestId("pay-status")).toContainText(text("th-th", "pay.started"));
    await keepScreenshot(customer, "pay-started-th");
  });
  await phone.close();

  await signIn(page, "vendor_admin");
  await test.step("the operator sees the machine busy and the paid order", async () => {
    await page.goto("/#/shop/devices");
    await page.getByPlaceholder(en("devices.filters.searchPlaceholder")).fill(washer.serial_number);
    await page.getByTestId("filter-search").click();
    const row = rowsOf(page, "device-table", washer.serial_number);
    await expect(row).toContainText(en("devices.state.busy"));
    await page.goto("/#/order/sandbox");
    const order = rowsOf(page, "orders-table", orderNo);
    await expect(order).toContainText(en("orders.payStatus.paid"));
    await expect(page.getByTestId("orders-total-paid")).toBeVisible();
  });

  await test.step("and refunds it, after a confirmation naming the amount and the order", async () => {
    const order = rowsOf(page, "orders-table", orderNo);
    await order.getByTestId("order-refund").click();
    await expect(page.getByTestId("refund-summary")).toContainText(orderNo);
    await page
      .getByRole("dialog")
      .getByRole("button", { name: en("orders.refund.submit") })
      .click();
    await expect(page.locator(".ant-modal-confirm")).toContainText(orderNo);
    await confirmDialog(page, en("common.confirm"));
    await expect(order.getByTestId("order-refund-status")).toHaveText(en("orders.refundStatus.refunded"), {
      timeout: 15_000,
    });
    await keepScreenshot(page, "orders-refunded");
  });
});

test("two customers choose the same machine: the first holds it, the second is told it is reserved until the first gives up", async ({
  browser,
  request,
}) => {
  const { code, washer } = await demoCodeAndWasher(request);
  machines.push(await runMachine(washer.serial_number, { timeScale: 6 }));
  const first = await (await browser.newContext({ viewport: { width: 375, height: 760 }, locale: "en-GB" })).newPage();
  const second = await (await browser.newContext({ viewport: { width: 375, height: 760 }, locale: "de-DE" })).newPage();
  const de = (key: string) => text("de", key);
  const choose = async (customer: typeof first, idle: string) => {
    await customer.goto(`/pay/qr/${code}`);
    const choice = customer.getByTestId("pay-machines").locator("li").filter({ hasText: washer.name });
    await expect(choice).toContainText(idle);
    await choice.locator("input").check();
    await customer.getByTestId("pay-programs").locator("li").first().locator("input").check();
    await customer.getByTestId("pay-providers").locator("li").first().locator("input").check();
    return choice;
  };
  // Both look at the machine while it is free.
  await choose(first, en("pay.states.idle"));
  const seen = await choose(second, de("pay.states.idle"));
  await test.step("the first pays: the machine is held for them for the payment's time", async () => {
    await first.getByTestId("pay-submit").click();
    await expect(first.getByTestId("pay-sandbox")).toBeVisible();
  });
  const orderNo = decodeURIComponent(new URL(first.url()).pathname.split("/").pop() ?? "");
  await test.step("the second, a moment later, is told another customer is paying it", async () => {
    await second.getByTestId("pay-submit").click();
    await expect(second.locator(".pay-error")).toHaveText(de("pay.machineReserved"));
    await expect(seen).toContainText(de("pay.states.reserved"));
    await expect(seen.locator("input")).toBeDisabled();
    await keepScreenshot(second, "pay-machine-reserved-de");
  });
  await test.step("the first gives up; the machine is free again for the second", async () => {
    await first.goto(`/pay/order/${encodeURIComponent(orderNo)}`);
    await expect(first.getByTestId("pay-held")).toContainText(/\d:\d\d/);
    await keepScreenshot(first, "pay-held-en");
    await first.getByTestId("pay-cancel").click();
    await expect(first.getByTestId("pay-status")).toHaveAttribute("data-state", "closed");
    await expect(first.getByTestId("pay-status")).toContainText(en("pay.expired"));
    await expect(seen).toContainText(de("pay.states.idle"), { timeout: 10_000 });
  });
  await first.context().close();
  await second.context().close();
});

const LANGUAGE_NAMES = { en: "English", "zh-cn": "简体中文" } as const;
for (const lang of ["en", "zh-cn"] as const) {
  test(`another day's order offers no refund, and the server refuses one as "refund only same day" (${lang})`, async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, "vendor_admin");
    // The demo's sandbox orders go back ninety days: one paid two days ago or more.
    const old = await apiCall<{ items: { id: number; order_no: string; amount: number }[] }>(
      request,
      "/api/Order/get_sandbox_orders",
      token,
      { to: Math.floor(Date.now() / 1000) - 2 * 86_400, refund_status: "none", page_size: 1 },
    );
    const order = old.items[0];
    if (!order) throw new Error("the demo has no older sandbox order");
    await signIn(page, "vendor_admin");
    await page.goto("/#/order/sandbox");
    await page.getByTestId("language-picker").selectOption({ label: LANGUAGE_NAMES[lang] });
    await page.getByTestId("orders-search").fill(order.order_no);
    await page.getByTestId("orders-filters").getByTestId("filter-search").click();
    const row = rowsOf(page, "orders-table", order.order_no);
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("order-refund")).toHaveCount(0);
    await keepScreenshot(page, `refund-not-same-day-${lang}`);
    // Asked all the same (an old tab, a script), the server still refuses it.
    const refused = await request.post("/api/Order/sandbox/refund_by_vendor", {
      headers: { "api-key": API_KEY },
      data: { token, order_id: order.id, amount: order.amount, idempotency_key: crypto.randomUUID() },
    });
    const envelope = (await refused.json()) as { code: string };
    expect(envelope.code).toBe("REFUND_NOT_SAME_DAY");
  });
}

test("a provider the vendor has not switched on has no order page in the menu", async ({ page }) => {
  await signIn(page, "vendor_admin");
  await page
    .locator(".sidebar .ant-menu-submenu-title")
    .filter({ hasText: en("menu.order") })
    .click();
  await expect(page.locator(".sidebar .ant-menu-item").filter({ hasText: en("routes.order_stripe") })).toBeVisible();
  const labels = (await menuLabels(page)).join("\n");
  expect(labels).toContain(en("routes.order_stripe"));
  expect(labels).toContain(en("routes.order_sandbox"));
  expect(labels).not.toContain(en("routes.order_wechatpay"));
  expect(labels).not.toContain(en("routes.order_alipay"));
});

/** Where e2e/server.mjs has the server call WeChat Pay. */
const WECHATPAY_PORT = Number(process.env.E2E_PORT ?? 18080) + 3;
const th = (key: string) => text("th-th", key);

test("refund a same-day WeChat Pay order with its confirmation and see it refunded", async ({
  page,
  browser,
  request,
}) => {
  const wechat = await startWechatPayFake({ port: WECHATPAY_PORT });
  try {
    // The Bangkok merchant switches WeChat Pay on; the Kuala Lumpur one keeps it off (the menu test).
    const token = await apiToken(request, "vendor2_admin");
    await apiCall(request, "/api/Vendor/modify_vendor_payment_info", token, {
      provider: "wechatpay",
      enabled: true,
      fields: { ...wechat.credentials },
    });
    const { vendor_id: vendorId } = await apiCall<{ vendor_id: number }>(
      request,
      "/api/Vendor/get_vendor_profile",
      token,
    );
    const listed = await apiCall<{ items: Device[] }>(request, "/api/Vendor/get_devicelist", token, {
      machine_type: "washer",
      page_size: 50,
    });
    const washer = listed.items.at(-1);
    if (!washer) throw new Error("the Bangkok merchant has no washer");
    machines.push(await runMachine(washer.serial_number, { timeScale: 6 }));

    const phone = await browser.newContext({ viewport: { width: 375, height: 760 }, locale: "th-TH" });
    const customer = await phone.newPage();
    let orderNo = "";
    let amount = "";
    await test.step("the customer pays the machine's sticker with WeChat Pay's QR code", async () => {
      await customer.goto(`/pay/d/${encodeURIComponent(washer.serial_number)}`);
      const choice = customer.getByTestId("pay-machines").locator("li").filter({ hasText: washer.name });
      await expect(choice).toContainText(th("pay.states.idle"));
      await choice.locator("input").check();
      await customer.getByTestId("pay-programs").locator("li").first().locator("input").check();
      await customer
        .getByTestId("pay-providers")
        .locator("li")
        .filter({ hasText: PROVIDER_BRAND_NAMES.wechatpay })
        .locator("input")
        .check();
      await customer.getByTestId("pay-submit").click();
      const qr = customer.getByTestId("pay-qr");
      await expect(qr).toContainText(th("pay.scanWith").replace("{{provider}}", PROVIDER_BRAND_NAMES.wechatpay));
      // The server asked WeChat Pay for one Native payment, to be notified at its webhook; the
      // customer's code carries WeChat Pay's code_url.
      const started = [...wechat.orders.values()];
      expect(started).toHaveLength(1);
      const order = started[0];
      if (!order) throw new Error("WeChat Pay was asked for no payment");
      orderNo = order.outTradeNo;
      // A Thai merchant is no Mainland-China merchant: the payment went through WeChat Pay Global,
      // in THB's ISO minor unit (satang), where our own table counts whole baht.
      expect(order).toMatchObject({ api: "global", currency: "THB" });
      expect(order.total % 100).toBe(0);
      amount = formatMoney(order.total / 100, "THB");
      expect(new URL(order.notifyUrl).pathname).toBe(`/webhooks/wechatpay/${vendorId}`);
      const image = (await qr.locator("img").getAttribute("src")) ?? "";
      expect(decodeQrPng(Buffer.from(image.replace(/^data:image\/png;base64,/, ""), "base64"))).toBe(order.codeUrl);
      await keepScreenshot(customer, "pay-wechatpay-qr-th");

      // The customer pays in WeChat: WeChat Pay notifies the server, signed and encrypted.
      const paid = wechat.notification({ type: "TRANSACTION.SUCCESS", orderNo });
      const delivered = await request.post(new URL(order.notifyUrl).pathname, {
        headers: paid.headers,
        data: paid.rawBody,
      });
      expect(delivered.status(), await delivered.text()).toBe(200);
      await expect(qr.getByTestId("pay-status")).toHaveAttribute("data-start", "started", { timeout: 20_000 });
      await expect(qr.getByTestId("pay-status")).toContainText(th("pay.started"));
    });
    await phone.close();

    await signIn(page, "vendor2_admin");
    await page.getByTestId("language-picker").selectOption("th-th");
    await page.goto("/#/order/wechat_pay");
    const screen = page.getByTestId("orders-page");
    const row = rowsOf(screen, "orders-table", orderNo);
    await test.step("the operator sees the paid order and refunds it after a confirmation", async () => {
      await expect(row).toContainText(th("orders.payStatus.paid"));
      await row.getByTestId("order-refund").click();
      await expect(page.getByTestId("refund-summary")).toContainText(orderNo);
      await expect(page.getByTestId("refund-summary")).toContainText(amount);
      await page
        .getByRole("dialog")
        .getByRole("button", { name: th("orders.refund.submit") })
        .click();
      await expect(page.locator(".ant-modal-confirm")).toContainText(
        th("orders.refund.confirmText").replace("{{amount}}", amount).replace("{{order}}", orderNo),
      );
      await confirmDialog(page, th("common.confirm"));
      // The refund goes to WeChat Pay Global after the call has answered; it answers the refund as
      // under way and notifies how it ended. The live stream tells the list, without a refresh.
      await expect.poll(() => wechat.refunds.size, { timeout: 20_000 }).toBe(1);
      const [made] = [...wechat.refunds.values()];
      const ended = wechat.notification({ type: "REFUND.SUCCESS", refundNo: made?.outRefundNo ?? "" });
      const notified = await request.post(`/webhooks/wechatpay/${vendorId}`, {
        headers: ended.headers,
        data: ended.rawBody,
      });
      expect(notified.status(), await notified.text()).toBe(200);
      const status = row.getByTestId("order-refund-status");
      await expect(status).toHaveText(th("orders.refundStatus.refunded"), { timeout: 20_000 });
      // The table scrolls sideways: bring the refund status into the picture.
      await status.scrollIntoViewIfNeeded();
      await keepScreenshot(page, "orders-wechatpay-refunded-th");
    });

    // WeChat Pay Global was asked once, signed by the merchant, for the whole payment, in satang.
    const refundCalls = wechat.calls.filter((c) => c.path === "/v3/global/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]?.signatureValid).toBe(true);
    expect(wechat.calls.filter((c) => c.path.startsWith("/v3/refund/domestic"))).toEqual([]);
    const refunds = [...wechat.refunds.values()];
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ outTradeNo: orderNo, currency: "THB" });
    expect(refunds[0]?.refund).toBe(wechat.orders.get(orderNo)?.total);
  } finally {
    await wechat.close();
  }
});
