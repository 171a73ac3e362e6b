// A merchant refunds an order from the dashboard, starting signed out on the home page: a purchase
// in this spec's own organization (its monthly product with a license key, bought over the public
// API with the test card, the key activated on a device), its order page, the Refund dialog (amount prefilled with the whole total, a reason, a
// comment, revoke benefits), then the refund listed on the order as succeeded, the order refunded,
// and the purchase's license key refused by the public validate route.
import type { APIRequestContext } from "@playwright/test";
import { shot, signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { activate, buy, ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("refund");
const catalog = ownCatalog(shop);

type Bought = { orderId: string; subscriptionId: string; licenseKey: string; activationId: string };

type ApiOrder = {
  id: string;
  amount: number;
  tax_amount: number;
  currency: string;
  status: string;
};

/** The merchant's software checking the key on its activated device: the answer's status. */
async function validate(request: APIRequestContext, purchase: Bought, organizationId: string) {
  const res = await request.post("/v1/customer-portal/license-keys/validate", {
    data: { key: purchase.licenseKey, organization_id: organizationId, activation_id: purchase.activationId },
  });
  return { status: res.status(), body: await res.text() };
}

/** The organization of the purchase's key, as the merchant's API lists it. */
async function keyOrganization(request: APIRequestContext, key: string): Promise<string> {
  const res = await request.get("/v1/license-keys?sorting=-created_at&limit=50", { headers: shop.auth });
  expect(res.status()).toBe(200);
  const items = (await res.json()).items as { key: string; organization_id: string }[];
  const found = items.find((item) => item.key === key);
  expect(found, "the purchase's key is listed").toBeTruthy();
  return found!.organization_id;
}

/** A buyer's monthly subscription with a license key, activated by the merchant's software. */
async function purchase(): Promise<Bought> {
  const bought = await buy(shop, catalog.cloud.id, { email: `refund-${Date.now()}@example.com` });
  const licenseKey = bought.keys[0]!.key;
  const activation = await activate(shop, licenseKey, "Refund laptop");
  return {
    orderId: bought.orderId,
    subscriptionId: bought.order.subscription.id,
    licenseKey,
    activationId: activation.id,
  };
}

test("refund an order from its page: the refund is listed and the key stops validating", async ({
  page,
  request,
}) => {
  const bought = await purchase();
  const res = await request.get(`/v1/orders/${bought.orderId}`, { headers: shop.auth });
  expect(res.status()).toBe(200);
  const order = (await res.json()) as ApiOrder;
  expect(order.status).toBe("paid");
  const total = order.amount + order.tax_amount;
  const organizationId = await keyOrganization(request, bought.licenseKey);
  const before = await validate(request, bought, organizationId);
  expect(before.status, before.body).toBe(200);

  // Signed out, from the home page.
  await signInFromHome(page, shop);

  // The order, from the orders list (newest first: this purchase is on the first page).
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`${shop.dashboard}/orders$`));
  await page.locator(`a[href$="/orders/${bought.orderId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bought.orderId}$`));
  const refunds = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Refunds", exact: true }) });
  await expect(refunds).toContainText("No refunds.");

  await refunds.getByRole("button", { name: "Refund", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Refund this order?" });
  await expect(dialog).toBeVisible();
  // Prefilled with all that remains: the whole total, tax included.
  await expect(dialog.getByLabel(/^Amount/)).toHaveValue((total / 100).toFixed(2));
  await dialog.getByLabel("Reason").selectOption("satisfaction_guarantee");
  await dialog.getByLabel("Comment (optional)").fill("Not what they expected");
  const revoke = dialog.getByRole("checkbox", { name: /Revoke benefits/ });
  // A subscription's order keeps its benefits unless the merchant says otherwise.
  await expect(revoke).not.toBeChecked();
  await revoke.check();
  await shot(page, "refund-dialog");
  await dialog.getByRole("button", { name: "Refund", exact: true }).click();
  await expect(dialog).toBeHidden();

  // The processor answers a moment later: the list shows the refund succeeded, the order follows.
  const table = page.getByRole("table", { name: "Refunds" });
  await expect(table).toContainText("Succeeded", { timeout: 15_000 });
  await expect(table).toContainText("Satisfaction guarantee");
  await expect(table).toContainText("Not what they expected");
  await expect(table).toContainText("Revoked");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Refunded");
  await expect(refunds.getByRole("button", { name: "Refund", exact: true })).toHaveCount(0);
  await shot(page, "order-refunded");

  const listed = await request.get(`/v1/refunds/?order_id=${bought.orderId}`, { headers: shop.auth });
  const body = (await listed.json()) as {
    items: { amount: number; status: string; revoke_benefits: boolean }[];
  };
  expect(body.items).toEqual([
    expect.objectContaining({ amount: total, status: "succeeded", revoke_benefits: true }),
  ]);
  const after = await validate(request, bought, organizationId);
  expect(after.status, after.body).toBe(404);
  const subscription = await request.get(`/v1/subscriptions/${bought.subscriptionId}`, {
    headers: shop.auth,
  });
  expect(((await subscription.json()) as { status: string }).status).toBe("canceled");
});
