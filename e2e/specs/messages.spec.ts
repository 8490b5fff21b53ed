import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { dialogOf, pngImage } from "../support/ui";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

test("the shop form says the rules: an MQTT port of 1 to 65534, and why a seventh image was not added", async ({
  page,
}) => {
  // The Bangkok merchant: its uploads stay out of the Kuala Lumpur merchant's log, which other specs count.
  await signIn(page, "vendor2_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/shop/shops");
  await page.getByRole("button", { name: en("shops.add") }).click();
  const dialog = dialogOf(page, "shop-form");
  await expect(dialog).toBeVisible();

  const port = dialog.getByTestId("shop-mqtt-port");
  for (const refused of ["0", "65535"]) {
    await port.fill(refused);
    await expect(dialog.getByText(en("validation.port"))).toBeVisible();
  }
  expect(en("validation.port")).toContain("1 to 65534");
  await port.fill("1883");
  await expect(dialog.getByText(en("validation.port"))).toHaveCount(0);

  const images = dialog.getByTestId("shop-images");
  const seven = Array.from({ length: 7 }, (_, i) => ({
    name: `photo-${i + 1}.png`,
    mimeType: "image/png",
    buffer: pngImage([30 * i, 120, 200 - 20 * i]),
  }));
  await images.locator('input[type="file"]').setInputFiles(seven);
  await expect(images.locator(".ant-upload-list-item")).toHaveCount(6);
  await expect(images.getByText(en("upload.uploading"))).toHaveCount(0);
  const notice = images.getByRole("alert");
  await expect(notice).toHaveText(en("upload.tooMany").replace("{{max}}", "6").replace("{{refused}}", "1"));
  await notice.scrollIntoViewIfNeeded();
  await keepScreenshot(page, "shop-form-messages");
});
