import { expect, keepScreenshot, signIn, test } from "../fixtures";
import { text } from "./catalogue";

const de = (key: string) => text("de", key);

test("a wide table keeps its first column in view and its headers on one line, each with its full text on hover", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/#/login");
  // German has some of the longest column titles.
  await page.getByTestId("language-picker").selectOption({ label: "Deutsch" });
  await signIn(page, "group_admin");
  await expect(page.getByTestId("dashboard")).toBeVisible();
  await page.goto("/#/groups/vendors");
  const table = page.getByTestId("vendors-table");
  await expect(table.locator("tr.ant-table-row")).not.toHaveCount(0);

  const headers = table.locator("thead th .data-table-header");
  const count = await headers.count();
  expect(count).toBeGreaterThan(10);
  for (const header of await headers.all()) {
    const look = await header.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        text: el.textContent ?? "",
        title: el.getAttribute("title"),
        oneLine: style.whiteSpace === "nowrap" && style.textOverflow === "ellipsis" && style.overflow === "hidden",
        lines: Math.round(el.getBoundingClientRect().height / Number.parseFloat(style.lineHeight || "22")),
      };
    });
    expect(look.title, look.text).toBe(look.text);
    expect(look.oneLine, look.text).toBe(true);
    expect(look.lines, look.text).toBe(1);
  }

  // The table scrolls sideways in a region the keyboard can reach; the first column stays put.
  const region = page.getByRole("region", { name: de("routes.vendors") });
  const first = headers.first();
  const third = headers.nth(2);
  const firstBefore = (await first.boundingBox())?.x;
  const thirdBefore = (await third.boundingBox())?.x ?? 0;
  await region.focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
  expect((await first.boundingBox())?.x).toBe(firstBefore);
  expect((await third.boundingBox())?.x ?? 0).toBeLessThan(thirdBefore);
  await expect(table.locator("tbody tr.ant-table-row td").first()).toBeInViewport();
  await keepScreenshot(page, "vendors-scrolled-first-column-fixed");
});
