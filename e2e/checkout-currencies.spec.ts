// Several currencies on the hosted checkout (docs/currencies.md), on a phone: a buyer opens the
// checkout link of a product priced in dollars and euros, sees euros once the billing address is in
// Germany, switches to dollars with the "Pay in" switcher, and pays in dollars; the merchant sets
// the default currency and a country override in Settings.
import { email, expectSucceeded, fillCard, fillContact, hydratedForm } from "./checkout-helpers";
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const shop = ownShop("currencies");

test("a buyer sees the country's currency, switches to another of the product's, and pays in it", async ({
  page,
}) => {
  const product = await shop.post("/v1/products/", {
    name: "Acme Atlas",
    prices: [
      { amount_type: "fixed", price_amount: 2000, price_currency: "usd" },
      { amount_type: "fixed", price_amount: 1800, price_currency: "eur" },
    ],
  });
  const link = await shop.post("/v1/checkout-links/", { products: [product.id] });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(link.url);
  await expect(hydratedForm(page)).toBeVisible();
  const total = page.getByTestId("total");
  const switcher = page.getByLabel("Pay in");
  // No country yet: the organization's default, usd.
  await expect(total).toHaveText("$20.00");
  await expect(switcher).toHaveValue("usd");
  await expect(switcher.locator("option")).toHaveText(["USD · $20.00", "EUR · €18.00"]);

  // A German address presents euros (19 % German VAT on 18,00 €).
  await fillContact(page, { email: email("currencies"), name: "Jana Euro", country: "DE" });
  await expect(total).toHaveText("€21.42");
  await expect(switcher).toHaveValue("eur");

  // The buyer prefers dollars: picked, the currency stays whatever the address says.
  await switcher.selectOption("usd");
  await expect(total).toHaveText("$23.80");
  await expect(page.getByRole("button", { name: /^Pay \$23\.80/ })).toBeEnabled();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);

  await fillCard(page);
  await page.getByRole("button", { name: /^Pay \$23\.80/ }).click();
  await expectSucceeded(page);
  const orders = await shop.get(`/v1/orders/?product_id=${product.id}`);
  expect(orders.items).toHaveLength(1);
  expect(orders.items[0]).toMatchObject({ currency: "usd", amount: 2000, tax_amount: 380 });
});

test("Settings saves the default currency and the country overrides", async ({ page }) => {
  await signInFromHome(page, shop);
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await expect(page).toHaveURL(`${shop.dashboard}/settings`);
  const form = page.getByRole("form", { name: "Currencies" });
  await form.getByLabel("Default currency").selectOption("eur");
  await form.getByLabel("Country overrides").fill("CH eur\nXX dollars");
  await form.getByRole("button", { name: "Save currencies" }).click();
  await expect(form.getByText('Line 2: write a country code and a currency, e.g. "CH eur".')).toBeVisible();
  await form.getByLabel("Country overrides").fill("ch EUR");
  await form.getByRole("button", { name: "Save currencies" }).click();
  await expect(form.getByTestId("form-saved")).toBeVisible();
  await expect(form.getByLabel("Country overrides")).toHaveValue("CH eur");
  const saved = await shop.get(`/v1/organizations/${shop.id}`);
  expect(saved).toMatchObject({ default_presentment_currency: "eur", currency_by_country: { CH: "eur" } });
});
