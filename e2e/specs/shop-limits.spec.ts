import { ALL_PERMISSION_LEAVES } from "@washboard/shared";
import { apiToken, expect, signIn, test } from "../fixtures";
import { apiCall, newSuffix } from "../support/ui";

/**
 * A sub-account limited to one shop (spec §6 "shop owner/investor", "outlet support") holds every key
 * of its vendor, yet its machines, orders and revenue screens show that shop and no other.
 */
test("a shop-limited sub-account sees only its shop in devices, orders and revenue", async ({ page, request }) => {
  const token = await apiToken(request, "vendor_admin");
  const { items: shops } = await apiCall<{ items: { id: number; name: string }[] }>(
    request,
    "/api/v2/Role/get_shoplist",
    token,
  );
  const [own, ...others] = shops;
  if (!own || others.length === 0) throw new Error("the demo vendor needs two shops");
  const suffix = newSuffix();
  const role = await apiCall<{ id: number }>(request, "/api/v2/Role/create_role", token, {
    name: `Outlet ${suffix}`,
    permissions: [...ALL_PERMISSION_LEAVES],
  });
  const username = `outlet${suffix}`;
  const password = "Outlet2026";
  await apiCall(request, "/api/v2/Role/create_sub_act", token, {
    username,
    email: `${username}@example.com`,
    nickname: "Outlet",
    password,
    confirm_password: password,
    role_id: role.id,
    shop_ids: [own.id],
  });

  await signIn(page, username, password);
  const content = page.locator(".page-content");
  for (const [path, table] of [
    ["/#/shop/devices", "device-table"],
    ["/#/order/sandbox", "orders-table"],
    ["/#/income_report/income_shop", null],
  ] as const) {
    await test.step(path, async () => {
      await page.goto(path);
      const scope = table ? content.getByTestId(table) : content;
      await expect(scope).toContainText(own.name, { timeout: 15_000 });
      const text = await content.innerText();
      for (const other of others) expect(text, `${path} shows ${other.name}`).not.toContain(other.name);
    });
  }
});
