// The merchant dashboard's license key and checkout pages in a real browser against the real
// server, in an organization of this spec's own with the demo's sales bought through the checkout
// (./own-organization.ts createSales): the keys and their activations (read only: the tests below
// share them), and, on a key bought for its tests alone, revoking (the public validate route then
// refuses it), re-granting, changing limits and expiry. Also the checkout sessions list and a
// session's page.
import type { APIRequestContext } from "@playwright/test";
import { signIn, shot } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { activate, buy, ownCatalog, ownSales, ownShop } from "./own-organization";

const shop = ownShop("license-keys");
const catalog = ownCatalog(shop);
ownSales(shop, catalog);
let BASE: string;
test.beforeAll(() => {
  BASE = shop.dashboard;
});

type Key = {
  id: string;
  key: string;
  display_key: string;
  organization_id: string;
  status: string;
  customer: { email: string };
};

async function listKeys(request: APIRequestContext, query: string): Promise<Key[]> {
  const res = await request.get(`/v1/license-keys?${query}`, { headers: shop.auth });
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

/** A key with at least two activations (createSales gives keys 1, 2 or 3). */
async function demoKeyWithActivations(request: APIRequestContext) {
  for (const key of await listKeys(request, "sorting=created_at&limit=10")) {
    const res = await request.get(`/v1/license-keys/${key.id}`, { headers: shop.auth });
    const detail = await res.json();
    if (detail.activations.length >= 2)
      return detail as Key & { activations: { id: string; label: string }[] };
  }
  throw new Error("The organization has no key with two activations.");
}

function validate(request: APIRequestContext, key: Key) {
  return request.post("/v1/customer-portal/license-keys/validate", {
    data: { key: key.key, organization_id: key.organization_id },
  });
}

test.describe("license keys", () => {
  test("the list shows the newest keys first, filters by status and searches in the URL", async ({
    page,
    request,
  }) => {
    // The dashboard lists the newest first.
    const demoKeys = await listKeys(request, "sorting=-created_at&limit=5");
    await signIn(page, `${BASE}/license-keys`);
    const table = page.getByRole("table", { name: "License keys" });
    for (const key of demoKeys)
      await expect(table.getByRole("link", { name: key.display_key, exact: true })).toBeVisible();
    await expect(table).toContainText(demoKeys[0]!.customer.email);
    await shot(page, "license-keys-list");
    // A tablet, in dark mode: the same table, still readable.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "license-keys-list-tablet-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 720 });

    await page.getByLabel("Status").selectOption("granted");
    await expect(page).toHaveURL(/status=granted/);
    await page.getByRole("button", { name: /^Created/ }).click();
    await expect(page).toHaveURL(/sorting=created_at/);
    await expect(table.getByRole("row").nth(1)).toBeVisible();

    // A buyer reads out the end of their key: the search finds exactly that key.
    const wanted = demoKeys[0]!;
    await page.getByLabel("Search").fill(wanted.key.slice(-6).toLowerCase());
    await expect(page).toHaveURL(/query=/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table.getByRole("link", { name: wanted.display_key, exact: true })).toBeVisible();
    await page.getByLabel("Search").fill("");
    await expect(page).not.toHaveURL(/query=/);

    // The customer filter: search, pick with the keyboard, then clear.
    await page.getByRole("combobox", { name: "Customer" }).fill("grace");
    const options = page.getByRole("listbox", { name: "Customers" }).getByRole("option");
    await expect(options).toHaveCount(1);
    await expect(options).toContainText("grace@example.com");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/customer_id=/);
    await expect(table).toContainText("grace@example.com");
    await expect(table).not.toContainText("ada@example.com");
    await page.getByRole("button", { name: "Clear customer filter" }).click();
    await expect(table).toContainText("ada@example.com");
  });

  test("a key's activations, and one activation's label and meta", async ({ page, request }) => {
    const key = await demoKeyWithActivations(request);
    await signIn(page, `${BASE}/license-keys`);
    // The merchant finds the key by its end, as a buyer reads it.
    await page.getByLabel("Search").fill(key.key.slice(-6).toLowerCase());
    await expect(page).toHaveURL(/query=/);
    await page.getByRole("link", { name: key.display_key, exact: true }).click();
    await expect(page.getByTestId("license-key-value")).toHaveText(key.key);
    const activations = page.getByRole("table", { name: "Activations" });
    for (const activation of key.activations) await expect(activations).toContainText(activation.label);
    await shot(page, "license-key-page");

    const workPc = key.activations.find((activation) => activation.label === "Work PC")!;
    await activations.getByRole("link", { name: "View activation Work PC" }).click();
    await expect(page).toHaveURL(new RegExp(`/license-keys/${key.id}/activations/${workPc.id}$`));
    await expect(page.getByTestId("activation-label")).toHaveText("Work PC");
    await expect(page.getByTestId("activation-meta")).toContainText("os");
    await expect(page.getByTestId("activation-meta")).toContainText("windows");
    await expect(page.getByRole("link", { name: key.key })).toBeVisible();
    await shot(page, "license-key-activation");
  });

  test.describe("on a key of its own", () => {
    let key: Key;

    test.beforeAll(async ({ request }) => {
      // The monthly product bought, its key activated on one device (as the demo purchase does).
      const purchase = await buy(shop, catalog.cloud.id, { email: `own-key-${Date.now()}@example.com` });
      const licenseKey = purchase.keys[0]!.key;
      await activate(shop, licenseKey, "Demo laptop");
      const found = (await listKeys(request, "sorting=-created_at&limit=50")).find(
        (item) => item.key === licenseKey,
      );
      expect(found, "the purchase's key is listed").toBeTruthy();
      key = found!;
    });

    test("revoke it: the badge changes and the key no longer validates; re-grant it", async ({
      page,
      request,
    }) => {
      expect((await validate(request, key)).status()).toBe(200);
      await signIn(page, `${BASE}/license-keys/${key.id}`);
      const status = page.getByTestId("license-key-status");
      await expect(status).toHaveText("Granted");

      await page.getByRole("button", { name: "Revoke", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Revoke this license key?" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Revoke key" }).click();
      await expect(dialog).toBeHidden();
      await expect(status).toHaveText("Revoked");
      await expect(page.getByRole("status").filter({ hasText: "License key revoked" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Disable" })).toHaveCount(0);
      await shot(page, "license-key-revoked");

      const refused = await validate(request, key);
      expect(refused.status()).toBe(404);
      expect(await refused.json()).toEqual({
        error: "ResourceNotFound",
        detail: "License key is no longer active.",
      });

      await page.getByRole("button", { name: "Re-grant" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Re-grant key" }).click();
      await expect(status).toHaveText("Granted");
      expect((await validate(request, key)).status()).toBe(200);
    });

    test("change its limits and its expiry through the dialogs", async ({ page, request }) => {
      await signIn(page, `${BASE}/license-keys/${key.id}`);
      await page.getByRole("button", { name: "Change limits" }).click();
      const dialog = page.getByRole("dialog", { name: "Change limits" });
      await dialog.getByLabel("Activation limit").fill("5");
      await dialog.getByLabel("Usage limit").fill("100");
      await dialog.getByLabel("Usage so far").fill("2");
      await shot(page, "license-key-limits-dialog");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Limits updated" })).toBeVisible();
      await expect(page.getByTestId("license-key-usage")).toHaveText("2 / 100");
      await expect(page.getByTestId("license-key-activations")).toHaveText("1 / 5");

      await page.getByRole("button", { name: "Change limits" }).click();
      await dialog.getByLabel("Usage limit").fill("");
      await dialog.getByRole("button", { name: "Save" }).click();
      await expect(page.getByTestId("license-key-usage")).toHaveText("2 (no limit)");

      await page.getByRole("button", { name: "Change expiry" }).click();
      const expiry = page.getByRole("dialog", { name: "Change expiry" });
      await expiry.getByLabel("Never expires").check();
      await expiry.getByRole("button", { name: "Save" }).click();
      // The demo purchase is a subscription: without a date of its own, the key lives as long as the
      // subscription, and says so instead of "Never" (issue 29).
      await expect(page.getByTestId("license-key-expires")).toHaveText(
        /^Expires when the subscription ends \(renews on [A-Z][a-z]{2} \d{1,2}, \d{4}\)View subscription$/,
      );

      const res = await request.get(`/v1/license-keys/${key.id}`, { headers: shop.auth });
      expect(await res.json()).toMatchObject({
        limit_activations: 5,
        limit_usage: null,
        usage: 2,
        expires_at: null,
      });
      await shot(page, "license-key-limits-changed");
    });

    test("deactivate a device from the key's page: the slot is free at once", async ({ page, request }) => {
      const activated = await request.post("/v1/customer-portal/license-keys/activate", {
        data: { key: key.key, organization_id: key.organization_id, label: "Lost laptop" },
      });
      expect(activated.status(), await activated.text()).toBe(200);
      const activationId = (await activated.json()).id as string;
      await signIn(page, `${BASE}/license-keys/${key.id}`);
      const activations = page.getByRole("table", { name: "Activations" });
      await expect(activations).toContainText("Lost laptop");
      await page.getByRole("button", { name: "Deactivate Lost laptop" }).click();
      const dialog = page.getByRole("dialog", { name: "Deactivate Lost laptop?" });
      await dialog.getByRole("button", { name: "Deactivate" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Lost laptop deactivated" })).toBeVisible();
      await expect(activations).not.toContainText("Lost laptop");
      // The licensed software reads it as gone.
      const gone = await request.get(`/v1/license-keys/${key.id}/activations/${activationId}`, {
        headers: shop.auth,
      });
      expect(gone.status()).toBe(404);
    });
  });
});

test.describe("checkouts", () => {
  test("the list shows sessions; a session's page shows its link to copy and open", async ({
    page,
    context,
  }) => {
    const session = await shop.post("/v1/checkouts/custom/", {
      product_id: catalog.icons.id,
      customer_email: `dash-${Date.now()}@example.com`,
    });

    await signIn(page, `${BASE}/checkouts`);
    const table = page.getByRole("table", { name: "Checkout sessions" });
    await expect(table).toContainText(session.customer_email);
    await expect(table).toContainText("Acme Icons");
    await shot(page, "checkouts-list");

    await table.getByRole("link", { name: `Checkout session ${session.id}` }).click();
    await expect(page.getByTestId("checkout-url")).toHaveText(session.url);
    await expect(page.getByRole("link", { name: /^Open/ })).toHaveAttribute("href", session.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(session.url);
    await shot(page, "checkout-session");

    // The seed's expired session: the link is still shown, but says it cannot take a payment. The
    // one read of the demo organization here (its admin is this merchant): the API cannot make a
    // session that expired an hour ago (CHECKOUT_TTL_SECONDS is the server's).
    await page.goto("/dashboard/demo/checkouts?status=expired");
    await table
      .getByRole("link", { name: /^Checkout session / })
      .first()
      .click();
    await expect(page.getByText("cannot take a payment")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Open/ })).toHaveCount(0);
  });
});
