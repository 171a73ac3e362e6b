// The organization's offline-license public key in the dashboard, from where a person starts
// (signed out, on the home page): Settings shows the key the public route publishes, raw and as
// PEM, so the merchant can paste it into their application.
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const shop = ownShop("settings-license-key");

test("Settings shows the organization's license public key, raw and PEM", async ({ page, request }) => {
  await signInFromHome(page, shop);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
  const shown = page.getByTestId("license-public-key");
  await expect(shown).toHaveText(/^[A-Za-z0-9_-]{43}$/);

  // The id Settings shows under "API access".
  const organizationId = (
    await page
      .getByText(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
      .first()
      .innerText()
  ).trim();
  expect(organizationId).toBe(shop.id);
  const published = await request.get(`/v1/organizations/${organizationId}/license-public-key`);
  expect(published.status()).toBe(200);
  const body = (await published.json()) as { public_key: string; public_key_pem: string };
  await expect(shown).toHaveText(body.public_key);
  await page.getByText("PEM (SPKI)").click();
  await expect(page.locator("pre").filter({ hasText: "BEGIN PUBLIC KEY" })).toHaveText(
    body.public_key_pem.trim(),
  );
});
