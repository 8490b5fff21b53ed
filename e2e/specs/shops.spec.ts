import fs from "node:fs";
import { API_KEY, apiToken, expect, keepScreenshot, signIn, test } from "../fixtures";
import { decodeQrPng } from "../support/decode-qr";
import {
  apiCall,
  cancelDialog,
  cellOf,
  dialogOf,
  imageKeyOf,
  newSuffix,
  pick,
  pngImage,
  rowAction,
  rowsOf,
  storedToken,
  submitDialog,
} from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

interface Named {
  id: number;
  name: string;
}
interface ShopRow extends Named {
  icon: string[];
  images: string[];
  location_id: number | null;
  service_type: number;
}
interface PayQrRow extends Named {
  code: string;
  content: string;
  shop_id: number;
}
interface RoleRow extends Named {
  description: string;
  permissions: string[];
  app_roles: string[];
}

test("a vendor admin sets up a location, shops with images, an alliance, a price template and a pay QR code; the log shows it", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const suffix = newSuffix();
  const LOCATION = `E2E Bangsar ${suffix}`;
  const LOCATION_ADDRESS = `12 Jalan Telawi ${suffix}, Bangsar, Kuala Lumpur`;
  const SHOP = `E2E Bubbles ${suffix}`;
  const SHOP_ADDRESS = `3 Jalan Maarof ${suffix}, Kuala Lumpur`;
  const SHOP2 = `E2E Suds ${suffix}`;
  const ALLIANCE = `E2E Alliance ${suffix}`;
  const MODEL = `E2E Washer 10kg ${suffix}`;
  const PAYQR = `E2E Counter ${suffix}`;
  const icon = pngImage([220, 40, 40]);
  const images = [pngImage([40, 160, 40]), pngImage([40, 80, 220])];

  await signIn(page, "vendor_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  const token = await storedToken(page);

  await test.step("creates a location", async () => {
    await page.goto("/#/shop/location");
    await page.getByRole("button", { name: en("locations.add") }).click();
    const dialog = dialogOf(page, "location-form");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en("locations.fields.name")).fill(LOCATION);
    await dialog.getByLabel(en("locations.fields.address")).fill(LOCATION_ADDRESS);
    await submitDialog(page, dialog, "success.add");
    const row = rowsOf(page, "location-table", LOCATION);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(LOCATION_ADDRESS);
  });

  await test.step("creates a shop with an icon and two images in that location", async () => {
    await page.goto("/#/shop/shops");
    await page.getByRole("button", { name: en("shops.add") }).click();
    const dialog = dialogOf(page, "shop-form");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en("shops.fields.name")).fill(SHOP);
    await dialog.getByLabel(en("shops.fields.address"), { exact: true }).fill(SHOP_ADDRESS);
    await pick(page, dialog.getByLabel(en("shops.fields.location")), LOCATION, LOCATION);
    await pick(page, dialog.getByLabel(en("shops.fields.serviceType")), en("shops.serviceTypes.composite"));

    const iconField = dialog.getByTestId("shop-icon");
    const imagesField = dialog.getByTestId("shop-images");
    await iconField
      .locator('input[type="file"]')
      .setInputFiles({ name: "icon.png", mimeType: "image/png", buffer: icon });
    await expect(iconField.locator(".ant-upload-list-item")).toHaveCount(1);
    await imagesField
      .locator('input[type="file"]')
      .setInputFiles(images.map((buffer, i) => ({ name: `front-${i + 1}.png`, mimeType: "image/png", buffer })));
    await expect(imagesField.locator(".ant-upload-list-item")).toHaveCount(2);
    await expect(imagesField.getByText(en("upload.uploading"))).toHaveCount(0);
    await submitDialog(page, dialog, "success.add");

    const row = rowsOf(page, "shop-table", SHOP);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(SHOP_ADDRESS);
    await expect(await cellOf(page, "shop-table", row, en("shops.fields.location"))).toHaveText(LOCATION);
    await expect(await cellOf(page, "shop-table", row, en("shops.fields.serviceType"))).toHaveText(
      en("shops.serviceTypes.composite"),
    );
    // The icon in the list is the uploaded file itself (content-addressed), and it loads.
    const thumb = row.getByRole("img", { name: SHOP });
    await expect(thumb).toHaveAttribute("src", `/uploads/${imageKeyOf(icon)}`);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    await keepScreenshot(page, "shop-list");

    // The shop holds exactly the chosen files.
    const listed = await apiCall<{ items: ShopRow[] }>(request, "/api/Shop/get_shopall_by_vendor", token, {
      name: SHOP,
    });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]?.icon).toEqual([imageKeyOf(icon)]);
    expect([...(listed.items[0]?.images ?? [])].sort()).toEqual(images.map(imageKeyOf).sort());

    // Opened again, the dialog shows the icon and both images.
    await row.getByRole("button", { name: en("shops.editAction") }).click();
    const edit = dialogOf(page, "shop-form");
    await expect(edit.getByTestId("shop-icon").locator(".ant-upload-list-item")).toHaveCount(1);
    await expect(edit.getByTestId("shop-images").locator(".ant-upload-list-item")).toHaveCount(2);
    for (const key of images.map(imageKeyOf)) {
      await expect(edit.getByTestId("shop-images").locator(`img[src="/uploads/${key}"]`)).toBeVisible();
    }
    await keepScreenshot(page, "shop-images-dialog");
    await cancelDialog(edit);
  });

  await test.step("creates a second, minimal shop", async () => {
    await page.getByRole("button", { name: en("shops.add") }).click();
    const dialog = dialogOf(page, "shop-form");
    await expect(dialog).toBeVisible();
    // A new shop starts blank, whatever the last dialog showed.
    await expect(dialog.getByLabel(en("shops.fields.name"))).toHaveValue("");
    await expect(dialog.getByTestId("shop-icon").locator(".ant-upload-list-item")).toHaveCount(0);
    await expect(dialog.getByTestId("shop-images").locator(".ant-upload-list-item")).toHaveCount(0);
    await expect(dialog.getByTestId("shop-location")).toHaveText(en("shops.none"));
    await dialog.getByLabel(en("shops.fields.name")).fill(SHOP2);
    await dialog.getByLabel(en("shops.fields.address"), { exact: true }).fill(`5 Jalan Ara ${suffix}`);
    await submitDialog(page, dialog, "success.add");
    const row = rowsOf(page, "shop-table", SHOP2);
    await expect(row).toHaveCount(1);
    await expect(await cellOf(page, "shop-table", row, en("shops.fields.serviceType"))).toHaveText(
      en("shops.serviceTypes.washing"),
    );
    await expect(await cellOf(page, "shop-table", row, en("shops.fields.location"))).toHaveText("");
    await expect(row.locator("img")).toHaveCount(0);
  });

  await test.step("creates an alliance of the two shops", async () => {
    await page.goto("/#/shop/alliance");
    await page.getByRole("button", { name: en("alliances.add") }).click();
    const dialog = dialogOf(page, "alliance-form");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en("alliances.fields.name")).fill(ALLIANCE);
    await pick(page, dialog.getByLabel(en("alliances.fields.type")), en("alliances.types.laundry"));
    const members = dialog.getByLabel(en("alliances.fields.shops"));
    await pick(page, members, SHOP, SHOP);
    await pick(page, members, SHOP2, SHOP2);
    // Close the member list by clicking elsewhere in the dialog, then check what was chosen.
    await dialog.getByLabel(en("alliances.fields.name")).click();
    await expect(dialog.getByTestId("alliance-shops").locator(".ant-select-selection-item")).toHaveCount(2);
    await submitDialog(page, dialog, "success.add");

    const row = rowsOf(page, "alliance-table", ALLIANCE);
    await expect(row).toHaveCount(1);
    await expect(await cellOf(page, "alliance-table", row, en("alliances.fields.type"))).toHaveText(
      en("alliances.types.laundry"),
    );
    await expect(await cellOf(page, "alliance-table", row, en("alliances.fields.memberCount"))).toHaveText("2");
    const tags = row.getByTestId("alliance-members").locator(".ant-tag");
    await expect(tags).toHaveCount(2);
    await expect(row.getByTestId("alliance-members")).toContainText(SHOP);
    await expect(row.getByTestId("alliance-members")).toContainText(SHOP2);
    await expect(row.getByTestId("alliance-status")).toHaveText(en("common.enabled"));
    await keepScreenshot(page, "alliance-list");
  });

  await test.step("creates a price template with a second-level menu, priced in MYR", async () => {
    await page.goto("/#/shop/price_templates");
    await page.getByRole("button", { name: en("priceTemplates.add") }).click();
    const dialog = dialogOf(page, "price-template-form");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en("priceTemplates.fields.modelName")).fill(MODEL);
    await dialog.getByLabel(en("priceTemplates.fields.estimatedMinutes")).fill("35");
    // Amounts are typed in the vendor's currency.
    await expect(dialog.getByText("MYR", { exact: true }).first()).toBeVisible();
    await dialog.getByLabel(en("priceTemplates.fields.displayPrice")).fill("1500");
    await dialog.getByLabel(en("priceTemplates.fields.price"), { exact: true }).fill("1234.5");
    const options = [
      { name: `Extra rinse ${suffix}`, price: "2", minutes: "8" },
      { name: `Hot water ${suffix}`, price: "3.50", minutes: "5" },
    ];
    for (const [index, option] of options.entries()) {
      await dialog.getByRole("button", { name: en("priceTemplates.addOption") }).click();
      await dialog.getByTestId(`price-option-name-${index}`).fill(option.name);
      await dialog.getByTestId(`price-option-price-${index}`).fill(option.price);
      await dialog.getByTestId(`price-option-minutes-${index}`).fill(option.minutes);
    }
    await submitDialog(page, dialog, "success.add");

    const row = rowsOf(page, "price-table", MODEL);
    await expect(row).toHaveCount(1);
    await expect(await cellOf(page, "price-table", row, en("priceTemplates.fields.price"))).toHaveText("RM 1,234.50");
    await expect(await cellOf(page, "price-table", row, en("priceTemplates.fields.displayPrice"))).toHaveText(
      "RM 1,500.00",
    );
    await expect(await cellOf(page, "price-table", row, en("priceTemplates.fields.estimatedMinutes"))).toHaveText("35");
    await expect(await cellOf(page, "price-table", row, en("priceTemplates.fields.optionCount"))).toHaveText("2");

    // The options were stored in minor units, in order.
    const listed = await apiCall<{
      items: {
        model_name: string;
        price: number;
        options: { name: string; added_price: number; added_minutes: number }[];
      }[];
    }>(request, "/api/PriceTemplate/get_price_template_list", token, { name: MODEL });
    expect(listed.items[0]?.price).toBe(123450);
    expect(listed.items[0]?.options).toEqual([
      { name: options[0]?.name, added_price: 200, added_minutes: 8 },
      { name: options[1]?.name, added_price: 350, added_minutes: 5 },
    ]);
    await keepScreenshot(page, "price-template-list");
  });

  await test.step("creates a pay QR code for the first shop; its downloaded PNG scans to the code's content", async () => {
    await page.goto("/#/shop/payqr");
    await page.getByRole("button", { name: en("payqr.add") }).click();
    const dialog = dialogOf(page, "payqr-form");
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(en("payqr.fields.name")).fill(PAYQR);
    await expect(dialog.getByRole("radio", { name: en("payqr.bindModes.shop") })).toBeChecked();
    await pick(page, dialog.getByRole("combobox", { name: en("payqr.fields.shop") }), SHOP, SHOP);
    await dialog.getByLabel(en("payqr.fields.remark")).fill("Front counter");
    await submitDialog(page, dialog, "success.add");

    const row = rowsOf(page, "payqr-table", PAYQR);
    await expect(row).toHaveCount(1);
    await expect(await cellOf(page, "payqr-table", row, en("payqr.fields.shop"))).toHaveText(SHOP);
    await expect(await cellOf(page, "payqr-table", row, en("payqr.fields.bindMode"))).toHaveText(
      en("payqr.bindModes.shop"),
    );

    const listed = await apiCall<{ items: PayQrRow[] }>(request, "/api/v3/Payqr/get_payqr_all", token, { name: PAYQR });
    expect(listed.items).toHaveLength(1);
    const code = listed.items[0] as PayQrRow;
    expect(code.content).toContain(code.code);
    // The cell is cut with an ellipsis to fit; its accessible name is the whole content.
    await expect(row.getByTestId("payqr-content")).toHaveAccessibleName(code.content);
    await keepScreenshot(page, "payqr-list");

    // Download is in the row's "more actions" menu, after Edit.
    const action = await rowAction(row, "payqr-download");
    await expect(action).toHaveText(en("payqr.download"));
    const downloading = page.waitForEvent("download");
    await action.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${SHOP}-${PAYQR}.png`);
    const file = await download.path();
    const png = fs.readFileSync(file);
    expect(decodeQrPng(png)).toBe(code.content);
    await test.info().attach("payqr.png", { body: png, contentType: "image/png" });
  });

  await test.step("the operation log shows every step", async () => {
    const [location] = (
      await apiCall<{ items: Named[] }>(request, "/api/Location/get_locationall_by_vendor", token, { name: LOCATION })
    ).items;
    const shops = (
      await apiCall<{ items: Named[] }>(request, "/api/Shop/get_shopall_by_vendor", token, { name: suffix })
    ).items;
    const [alliance] = (
      await apiCall<{ items: Named[] }>(request, "/api/Alliance/get_alliance_list", token, { name: ALLIANCE })
    ).items;
    const [code] = (await apiCall<{ items: Named[] }>(request, "/api/v3/Payqr/get_payqr_all", token, { name: PAYQR }))
      .items;
    expect(shops).toHaveLength(2);

    await page.goto("/#/log/log_opts");
    const rows = page.getByTestId("log-table").locator("tr.ant-table-row");
    const row = (actionKey: string, target?: string) => {
      const found = rows.filter({ hasText: "vendor_admin" }).filter({ hasText: en(actionKey) });
      return target === undefined
        ? found
        : found.filter({ has: page.locator("td", { hasText: new RegExp(`^${target}$`) }) });
    };
    const success = en("operationLog.outcome.success");
    await expect(row("actions.locations.create", `location:${location?.id}`)).toContainText(success);
    for (const shop of shops) await expect(row("actions.shops.create", `shop:${shop.id}`)).toContainText(success);
    await expect(row("actions.uploads.image")).toHaveCount(3);
    await expect(row("actions.alliances.create", `alliance:${alliance?.id}`)).toContainText(success);
    await expect(row("actions.priceTemplates.create")).toHaveCount(1);
    await expect(row("actions.priceTemplates.create")).toContainText(success);
    await expect(row("actions.payqr.create", `payqr:${code?.id}`)).toContainText(success);
    await page.mouse.move(0, 0);
    await keepScreenshot(page, "operation-log");
  });
});

test("a sub-account with only shop_query sees the shops but cannot create one, in the console or on the API", async ({
  page,
  request,
}) => {
  const suffix = newSuffix();
  const SHOP = `E2E Supervised ${suffix}`;
  const adminToken = await apiToken(request, "vendor_admin");
  const roles = await apiCall<{ items: RoleRow[] }>(request, "/api/v2/Role/get_role", adminToken, {
    name: "Shop supervisor",
  });
  const role = roles.items.find((r) => r.name === "Shop supervisor");
  expect(role, "the seeded role of vendor_sub").toBeDefined();
  const original = role as RoleRow;
  expect(original.permissions).toContain("shop_add");
  const setPermissions = (permissions: readonly string[]) =>
    apiCall<RoleRow>(request, "/api/v2/Role/modify_role", adminToken, {
      id: original.id,
      name: original.name,
      description: original.description,
      permissions,
      app_roles: original.app_roles,
    });

  try {
    // A shop to see, made by the admin.
    await apiCall(request, "/api/Shop/create_shop", adminToken, {
      name: SHOP,
      address: "9 Jalan Bukit",
      service_type: 1,
    });
    const changed = await setPermissions(["console", "shop_query"]);
    expect(changed.permissions).toContain("shop_query");
    expect(changed.permissions).not.toContain("shop_add");
    expect(changed.permissions).not.toContain("shop_modify");

    await signIn(page, "vendor_sub");
    await expect(page.getByTestId("dashboard")).toBeVisible();
    await page.goto("/#/shop/shops");
    await expect(page).toHaveURL(/#\/shop\/shops$/);
    await expect(rowsOf(page, "shop-table", SHOP)).toHaveCount(1);
    const total = await apiCall<{ total: number }>(request, "/api/Shop/get_shopall_by_vendor", adminToken, {
      page_size: 1,
    });
    await expect(page.getByTestId("shop-table").getByTestId("table-total")).toHaveText(
      en("table.total").replace("{{total}}", String(total.total)),
    );
    // Neither the create button nor the row actions are offered.
    await expect(page.getByTestId("shop-usage")).toBeVisible();
    await expect(page.getByRole("button", { name: en("shops.add") })).toHaveCount(0);
    await expect(page.getByTestId("shop-add")).toHaveCount(0);
    await expect(page.getByTestId("shop-edit")).toHaveCount(0);
    await keepScreenshot(page, "sub-account-shop-list");

    const subToken = await storedToken(page);
    const refused = await request.post("/api/Shop/create_shop", {
      headers: { "api-key": API_KEY },
      data: { token: subToken, name: `E2E Refused ${suffix}`, address: "1 Jalan Refused", service_type: 1 },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "NO_PERMISSION" });
    const made = await apiCall<{ total: number }>(request, "/api/Shop/get_shopall_by_vendor", adminToken, {
      name: `E2E Refused ${suffix}`,
    });
    expect(made.total).toBe(0);
  } finally {
    await setPermissions(original.permissions);
  }
  const restored = await apiCall<{ items: RoleRow[] }>(request, "/api/v2/Role/get_role", adminToken, {
    name: "Shop supervisor",
  });
  expect(restored.items.find((r) => r.id === original.id)?.permissions).toEqual(original.permissions);
});
