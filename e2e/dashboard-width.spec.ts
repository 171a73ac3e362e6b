// At 375 px (a small phone) every dashboard page is 375 px wide: nothing makes the page scroll
// sideways. The spec signs in, makes an organization of its own with one of everything, and
// measures each page's document width once it has loaded (docs/dashboard.md).
import { signIn } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { createOrganization, seedSales, sessionApi, unique } from "./own-organization";

const PHONE = { width: 375, height: 812 };

test("every dashboard page fits a 375 px screen", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await signIn(page);
  const api = await sessionApi(page);
  const organization = await createOrganization(api, "width");
  const data = await seedSales(api, organization.id, `${unique("buyer")}@example.com`);

  const pages = [
    "",
    "/orders",
    `/orders/${data.order.id}`,
    "/subscriptions",
    `/subscriptions/${data.subscription.id}`,
    "/checkouts",
    `/checkouts/${data.checkout.id}`,
    "/products",
    "/products/new",
    `/products/${data.product.id}`,
    "/benefits",
    "/benefits/new",
    `/benefits/${data.benefit.id}`,
    "/discounts",
    "/discounts/new",
    `/discounts/${data.discount.id}`,
    "/custom-fields",
    "/custom-fields/new",
    `/custom-fields/${data.customField.id}`,
    "/checkout-links",
    "/checkout-links/new",
    `/checkout-links/${data.checkoutLink.id}`,
    "/customers",
    "/customers/new",
    `/customers/${data.customer.id}`,
    "/license-keys",
    `/license-keys/${data.licenseKey.id}`,
    `/license-keys/${data.licenseKey.id}/activations/${data.activation.id}`,
    "/tokens",
    "/webhooks",
    "/webhooks/new",
    `/webhooks/${data.webhook.id}`,
    "/emails",
    `/emails/${data.email.id}`,
    "/settings",
    "/password",
  ];
  const widths: Record<string, number> = {};
  for (const path of pages) {
    await page.goto(`/dashboard/${organization.slug}${path}`);
    await expect(page.locator("main h1").first()).toBeVisible();
    // Loaded: no skeleton or busy region left.
    await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    widths[path || "/"] = await page.evaluate(() => document.documentElement.scrollWidth);
  }
  console.log(
    `375 px widths:\n${Object.entries(widths)
      .map(([p, w]) => `${w}\t${p}`)
      .join("\n")}`,
  );
  await test
    .info()
    .attach("widths.json", { body: JSON.stringify(widths, null, 2), contentType: "application/json" });
  const tooWide = Object.fromEntries(Object.entries(widths).filter(([, width]) => width > PHONE.width));
  expect(tooWide, "pages wider than 375 px").toEqual({});
});
