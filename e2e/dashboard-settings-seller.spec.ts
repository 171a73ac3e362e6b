// The seller's legal details in Settings, from where a person starts (signed out, on the home
// page), on a 375 px phone: a malformed VAT number is refused on its field before anything is sent,
// the fixed details are saved normalised (the type recognised from the number), and the API answers what the form saved (docs/tax.md).
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const shop = ownShop("settings-seller");

test("Settings saves the seller's legal name, address and VAT number", async ({ page }) => {
  await signInFromHome(page, shop);
  // Settings from the navigation, as a merchant gets there; then the form on a phone (signing in
  // checks the desktop navigation, so the width changes after it).
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await expect(page).toHaveURL(`${shop.dashboard}/settings`);
  await page.setViewportSize({ width: 375, height: 800 });
  const form = page.getByRole("form", { name: "Seller details" });
  await expect(form).toBeVisible();

  await form.getByLabel("Legal name").fill("Acme Software GmbH");
  await form.getByLabel("Address line 1").fill("Hauptstraße 1");
  await form.getByLabel("Postal code").fill("10115");
  await form.getByLabel("City").fill("Berlin");
  await form.getByLabel("Country").selectOption("DE");
  await form.getByLabel("VAT or tax ID").fill("DE 123 456 78");
  await form.getByRole("button", { name: "Save seller details" }).click();
  // Malformed, its type cannot be recognised: the type is asked for; chosen, the format is named.
  await expect(form.getByText(/^Choose the tax ID's type/)).toBeVisible();
  await form.getByLabel("Tax ID type").selectOption("eu_vat");
  await form.getByRole("button", { name: "Save seller details" }).click();
  await expect(form.getByText("A DE VAT number is DE followed by 9 digits.")).toBeVisible();
  await form.getByLabel("Tax ID type").selectOption("");

  await form.getByLabel("VAT or tax ID").fill("de 123.456.789");
  await form.getByRole("button", { name: "Save seller details" }).click();
  await expect(form.getByTestId("form-saved")).toBeVisible();
  await expect(form.getByLabel("VAT or tax ID")).toHaveValue("DE123456789");
  await expect(form.getByLabel("Tax ID type")).toHaveValue("eu_vat");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);

  const saved = await shop.get(`/v1/organizations/${shop.id}`);
  expect(saved).toMatchObject({
    legal_name: "Acme Software GmbH",
    address: { line1: "Hauptstraße 1", postal_code: "10115", city: "Berlin", country: "DE" },
    tax_id: ["DE123456789", "eu_vat"],
    country: "DE",
  });
});
