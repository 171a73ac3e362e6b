// A buyer manages their key's devices from the hosted checkout's confirmation page, without the
// merchant: the merchant's product grants a key whose benefit has `enable_customer_admin`; the buyer
// pays on the checkout URL (signed out), the licensed software activates the key on a device, and
// the buyer sees that device on the confirmation page, deactivates it (with a confirmation step, on
// a phone in dark mode), and the API agrees it is gone.
import {
  createSession,
  email,
  expectSucceeded,
  fillCard,
  fillContact,
  open,
  payButton,
} from "./checkout-helpers";
import { shot } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const DEVICE = "Jane's MacBook Pro";

const shop = ownShop("devices");

/** A product of the spec's organization whose license key lets its buyers manage their devices. */
async function productWithManagedKeys() {
  const benefit = await shop.post("/v1/benefits/", {
    type: "license_keys",
    description: "Acme Sync license key",
    properties: { prefix: "SYNC", activations: { limit: 2, enable_customer_admin: true } },
  });
  const product = await shop.post("/v1/products/", {
    name: `Acme Sync ${Date.now()}`,
    prices: [{ amount_type: "fixed", price_amount: 1900 }],
  });
  await shop.post(`/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  return { productId: product.id as string, organizationId: benefit.organization_id as string };
}

test("the buyer deactivates a device of their key from the confirmation page", async ({ page, request }) => {
  const { productId, organizationId } = await productWithManagedKeys();
  const session = await createSession(shop, { product_id: productId });

  // The buyer's side: the checkout URL, no sign-in.
  await open(page, session);
  await fillContact(page, { email: email("devices"), name: "Jane Doe", country: "DE" });
  // 19 % German VAT, once the server has the country.
  await expect(page.getByTestId("total")).toHaveText("$22.61");
  await fillCard(page);
  await payButton(page).click();
  await expectSucceeded(page);
  const keyText = page.getByTestId("license-key");
  await expect(keyText).toHaveText(/^SYNC-[0-9A-F-]{36}$/);
  const devices = page.getByRole("region", { name: "Devices" });
  const deviceRow = (label: string) => devices.getByRole("listitem").filter({ hasText: label });
  await expect(devices.getByText("No devices activated yet.")).toBeVisible();
  await shot(page, "devices-none");

  // The merchant's software activates the key on the buyer's machine.
  const key = (await keyText.textContent())!;
  const activated = await request.post("/v1/customer-portal/license-keys/activate", {
    data: { key, organization_id: organizationId, label: DEVICE },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  const activation = await activated.json();

  // Coming back to the confirmation page later, on a phone, in dark mode.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expectSucceeded(page);
  await expect(deviceRow(DEVICE)).toBeVisible();
  await expect(deviceRow(DEVICE).getByText(/^Activated [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "nothing wider than the phone's screen").toBeLessThanOrEqual(0);
  await shot(page, "devices-phone-dark");

  // The button names the device; the first click only asks, and Cancel leaves it be.
  const start = devices.getByRole("button", { name: `Deactivate ${DEVICE}` });
  await start.click();
  const yes = devices.getByRole("button", { name: `Yes, deactivate ${DEVICE}` });
  await expect(yes).toBeFocused();
  await devices.getByRole("button", { name: `Cancel deactivating ${DEVICE}` }).click();
  await expect(start).toBeFocused();
  await expect(deviceRow(DEVICE)).toBeVisible();

  await start.click();
  await expect(yes).toBeVisible();
  await shot(page, "devices-confirm-phone-dark");
  await yes.click();
  await expect(devices.getByRole("status")).toHaveText(`${DEVICE} deactivated.`);
  await expect(devices.getByText("No devices activated yet.")).toBeVisible();
  await expect(devices.getByRole("heading", { name: "Devices" })).toBeFocused();
  await shot(page, "devices-deactivated-phone-dark");

  // The API agrees: the key has no activation left, and that one is gone.
  const keys = await request.get(`/v1/license-keys?query=${key.slice(-6)}`, { headers: shop.auth });
  const [listed] = (await keys.json()).items;
  expect(listed.key).toBe(key);
  const detail = await request.get(`/v1/license-keys/${listed.id}`, { headers: shop.auth });
  expect((await detail.json()).activations).toEqual([]);
  const gone = await request.get(`/v1/license-keys/${listed.id}/activations/${activation.id}`, {
    headers: shop.auth,
  });
  expect(gone.status()).toBe(404);
  // The slot is free: the software can activate the key again.
  const again = await request.post("/v1/customer-portal/license-keys/activate", {
    data: { key, organization_id: organizationId, label: "Jane's new laptop" },
  });
  expect(again.status()).toBe(200);

  // After a reload, the list read from the server shows the new device, not the old one.
  await page.reload();
  await expect(deviceRow("Jane's new laptop")).toBeVisible();
  await expect(deviceRow(DEVICE)).toHaveCount(0);
});
