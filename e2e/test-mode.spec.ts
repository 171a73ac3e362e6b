// A test organization is marked as such: the dashboard's banner above every page (at 375 px too,
// the page still 375 px wide) and the "Test mode" badge on the hosted checkout of its sessions
// (docs/payments.md, "Test and live organizations"). As an attacker would, the spec tries to turn
// the organization live through the API: refused, and the banner stays.
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";
import { E2E_BASE_URL } from "./env";

const shop = ownShop("test-mode");
const BANNER = "Test mode — payments are not real";

test("a test organization's dashboard and checkout say test mode", async ({ page, request }) => {
  await signInFromHome(page, shop);
  const banner = page.getByRole("note").filter({ hasText: BANNER });
  await expect(banner).toBeVisible();

  // On another page of the organization too.
  await page.goto(`${shop.dashboard}/products`);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();
  await expect(banner).toBeVisible();

  // Turning the organization live afterwards is refused (livemode is chosen at creation).
  const patched = await request.patch(`${E2E_BASE_URL}/v1/organizations/${shop.id}`, {
    headers: shop.auth,
    data: { livemode: true },
  });
  expect(patched.status()).toBe(422);
  expect((await patched.json()).detail[0].loc).toEqual(["body", "livemode"]);
  await page.reload();
  await expect(banner).toBeVisible();

  // At 375 px: the banner is there and the page is still 375 px wide.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(shop.dashboard);
  await expect(banner).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBe(375);

  // The hosted checkout of one of its sessions.
  const product = await shop.post("/v1/products/", {
    name: `Test mode product ${Date.now()}`,
    prices: [{ amount_type: "fixed", price_amount: 1900 }],
  });
  const session = await shop.post("/v1/checkouts/", { product_id: product.id });
  expect(session.status).toBe("open");
  await page.goto(session.url);
  await expect(page.getByText("Test mode", { exact: true }).first()).toBeVisible();
  const checkoutWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(checkoutWidth).toBe(375);
});
