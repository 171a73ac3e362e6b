// At 375 px (a phone) every list page built on the dashboard kit, and the page of its first row,
// stays 375 px wide: a wide table scrolls inside its own box (docs/dashboard.md, "The kit"). Before
// the kit's table frame was the containing block of the sortable headers' screen-reader text,
// those spans escaped the box and made the pages 529–817 px wide. Read only: the demo's data.
import { signIn } from "./dashboard-helpers";
import { expect, test } from "./fixtures";

const BASE = "/dashboard/demo";
const LISTS = [
  "orders",
  "license-keys",
  "checkouts",
  "customers",
  "subscriptions",
  "products",
  "benefits",
  "custom-fields",
  "discounts",
  "checkout-links",
  "emails",
  "webhooks",
  "tokens",
];

test("every kit list page, and its first row's page, is 375 px wide on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, `${BASE}/orders`);
  const widths: Record<string, number> = {};
  const measure = async (name: string) => {
    await expect(page.locator('[role="status"][aria-label="Loading"]')).toHaveCount(0);
    widths[name] = await page.evaluate(() => document.documentElement.scrollWidth);
  };
  for (const list of LISTS) {
    await page.goto(`${BASE}/${list}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await measure(list);
    const first = page.locator("table tbody tr").first().locator(`a[href*="${BASE}/"]`).first();
    if ((await page.locator("table tbody tr").count()) > 0 && (await first.count()) > 0) {
      await page.goto((await first.getAttribute("href"))!);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await measure(`${list} → ${new URL(page.url()).pathname.replace(BASE, "")}`);
    }
  }
  const wide = Object.entries(widths).filter(([, width]) => width > 375);
  expect(wide, JSON.stringify(widths, null, 1)).toEqual([]);
});
