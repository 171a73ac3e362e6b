// The access tokens page in a real browser: a token created in the dashboard is shown once, works
// within its scopes on the API, and stops working the moment it is revoked in the dashboard.
import { expect, test } from "./fixtures";
import { signIn, shot } from "./dashboard-helpers";
import { ownShop } from "./own-organization";

const shop = ownShop("tokens");

test("create a token, use it within its scopes, revoke it", async ({ page, request }) => {
  const name = `E2E orders reader ${Date.now()}`;

  await signIn(page, `${shop.dashboard}/tokens`);
  await expect(page.getByRole("table", { name: "Access tokens" })).toBeVisible();
  await shot(page, "tokens-list");

  await page.getByRole("button", { name: "Create token" }).click();
  await page.getByLabel("Name").fill(name);
  // Nothing picked yet: the form says so instead of sending.
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("Pick at least one scope.")).toBeVisible();
  await page.getByLabel("orders:read").check();
  await page.getByLabel("Expires").selectOption("30");
  await shot(page, "token-form");
  await page.getByRole("button", { name: "Create token" }).click();

  const shown = page.getByTestId("created-token");
  await expect(shown).toHaveText(/^oat_/);
  await expect(page.getByText("it won’t be shown again")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Token created" })).toBeVisible();
  await shot(page, "token-created");
  const headers = { authorization: `Bearer ${(await shown.textContent())!.trim()}` };

  expect((await request.get("/v1/orders/", { headers })).status()).toBe(200);
  const forbidden = await request.get("/v1/license-keys", { headers });
  expect(forbidden.status()).toBe(403);
  expect((await forbidden.json()).error).toBe("insufficient_scope");

  await page.getByRole("button", { name: "Done" }).click();
  await expect(shown).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("orders:read");
  await expect(row).toContainText("Active");
  await row.getByRole("button", { name: /^Revoke/ }).click();
  const dialog = page.getByRole("dialog", { name: "Revoke this access token?" });
  await dialog.getByRole("button", { name: "Revoke token" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "revoked" })).toBeVisible();
  await expect(row).toContainText("Revoked");
  await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await shot(page, "token-revoked");

  const refused = await request.get("/v1/orders/", { headers });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe("invalid_token");
});
