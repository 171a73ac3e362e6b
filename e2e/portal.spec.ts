// Issue 13's customer portal from where a buyer begins: they bought a monthly subscription with a
// license key in the hosted checkout (signed out), their software activated the key on a device,
// and later, with the confirmation tab long closed, they open the portal at /portal/<slug> (as the
// README prints it), sign in with the code emailed to them, see their full key, deactivate the
// device and cancel the subscription with a reason, then take the cancellation back; the API
// agrees with each step. A wrong code is refused with a clear message, a revoked session goes back
// to sign-in, and another organization's portal shows nothing of this buyer, whether they sign in
// there with their email or arrive with this portal's session token.
import type { Browser, Page } from "@playwright/test";
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
import { buy, createShop, ownShop } from "./own-organization";

const DEVICE = "Jane's MacBook Air";

const shop = ownShop("portal");

type Buyer = {
  email: string;
  customerId: string;
  organizationId: string;
  subscriptionId: string;
  key: string;
  licenseKeyId: string;
  activationId: string;
};

/** A monthly product of the spec's organization whose key lets its buyers manage their devices. */
async function subscriptionWithManagedKeys() {
  const benefit = await shop.post("/v1/benefits/", {
    type: "license_keys",
    description: "Acme Sync Pro license key",
    properties: { prefix: "PORTAL", activations: { limit: 2, enable_customer_admin: true } },
  });
  const product = await shop.post("/v1/products/", {
    name: `Acme Sync Pro ${Date.now()}`,
    prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 1900 }],
  });
  await shop.post(`/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  return { productId: product.id as string, organizationId: benefit.organization_id as string };
}

/** The newest sign-in code emailed to a customer, read as the merchant (GET /v1/emails/{id}). */
async function emailedCode(customerId: string, after: Set<string>) {
  let id: string | undefined;
  await expect(async () => {
    const list = await shop.get(`/v1/emails/?customer_id=${customerId}&kind=portal_sign_in_code`);
    const fresh = (list.items as { id: string; status: string }[]).find((e) => !after.has(e.id));
    expect(fresh?.status).toBe("sent");
    id = fresh!.id;
  }).toPass({ timeout: 20_000 });
  after.add(id!);
  const detail = await shop.get(`/v1/emails/${id}`);
  expect(detail.subject).not.toMatch(/\d{6}/);
  const code = /\b(\d{6})\b/.exec(detail.text as string)?.[1];
  expect(code, "a 6-digit code in the email's text").toBeTruthy();
  return code!;
}

/** The portal as the buyer opens it: a fresh browser tab on a phone, in dark mode. */
async function phoneTab(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 780 }, colorScheme: "dark" });
  return context.newPage();
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "nothing wider than the phone's screen").toBeLessThanOrEqual(0);
}

test.describe("customer portal", () => {
  test("a buyer signs in with the emailed code, deactivates a device, cancels and keeps their subscription", async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(180_000);
    let buyer = {} as Buyer;
    const seenCodes = new Set<string>();
    const { productId, organizationId } = await subscriptionWithManagedKeys();

    await test.step("buy the subscription in the hosted checkout, signed out", async () => {
      const session = await createSession(shop, { product_id: productId });
      await open(page, session);
      const buyerEmail = email("portal");
      await fillContact(page, { email: buyerEmail, name: "Jane Portal", country: "DE" });
      await expect(page.getByTestId("total")).toHaveText("$22.61");
      await fillCard(page);
      await payButton(page).click();
      await expectSucceeded(page);
      await expect(page.getByRole("link", { name: "customer portal" })).toHaveAttribute("href", shop.portal);
      const key = (await page.getByTestId("license-key").textContent())!;
      expect(key).toMatch(/^PORTAL-/);

      const orders = await shop.get(`/v1/orders/?checkout_id=${session.id}`);
      const [order] = orders.items;
      const activated = await request.post("/v1/customer-portal/license-keys/activate", {
        data: { key, organization_id: organizationId, label: DEVICE },
      });
      expect(activated.status(), await activated.text()).toBe(200);
      const keys = await shop.get(`/v1/license-keys?query=${key.slice(-6)}`);
      buyer = {
        email: buyerEmail,
        customerId: order.customer_id,
        organizationId,
        subscriptionId: order.subscription.id,
        key,
        licenseKeyId: keys.items[0].id,
        activationId: (await activated.json()).id,
      };
      await page.close();
    });

    const portal = await phoneTab(browser);

    await test.step("open the portal and ask for a code", async () => {
      await portal.goto(shop.portal);
      await expect(portal).toHaveTitle(/Customer portal/);
      await expect(portal.getByRole("heading", { name: "Sign in to your purchases" })).toBeVisible();
      await portal.getByLabel("Email").fill(buyer.email);
      await portal.getByRole("button", { name: "Email me a code" }).click();
      await expect(portal.getByText(`We sent a 6-digit code to ${buyer.email}.`)).toBeVisible();
      const code = portal.getByLabel("Sign-in code");
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute("autocomplete", "one-time-code");
      await expect(portal.getByRole("button", { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
      await expectNoHorizontalScroll(portal);
      await shot(portal, "portal-code-phone-dark");
    });

    const code = await emailedCode(buyer.customerId, seenCodes);

    await test.step("a wrong code is refused, the right one signs in", async () => {
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
      await portal.getByLabel("Sign-in code").fill(wrong);
      await portal.getByRole("button", { name: "Sign in" }).click();
      await expect(portal.getByText("That code is wrong or has expired.", { exact: false })).toBeVisible();
      await expect(portal.getByLabel("Sign-in code")).toHaveAttribute("aria-invalid", "true");
      await shot(portal, "portal-wrong-code-phone-dark");

      await portal.getByLabel("Sign-in code").fill(code);
      await portal.getByRole("button", { name: "Sign in" }).click();
      await expect(portal.getByRole("heading", { name: "Your purchases" })).toBeVisible();
      await expect(portal.getByRole("button", { name: "Sign out" })).toBeVisible();
      // The header's "Signed in as" line (the Account panel shows the address too).
      await expect(portal.locator("header").getByText(buyer.email)).toBeVisible();
    });

    await test.step("the session is an HttpOnly cookie: the page's storage holds no token", async () => {
      const held = await portal.evaluate(() => ({
        session: Object.keys(sessionStorage).length,
        local: Object.keys(localStorage).length,
        everything:
          JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie,
      }));
      expect(held).toMatchObject({ session: 0, local: 0 });
      expect(held.everything).not.toContain("cst_");
      const cookie = (await portal.context().cookies()).find((c) => c.name === "cps_session");
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/v1/customer-portal" });
      expect(cookie!.value).toMatch(/^cst_/);
    });

    const keys = portal.getByRole("region", { name: "License keys" });
    const subscriptions = portal.getByRole("region", { name: "Subscriptions" });
    const orders = portal.getByRole("region", { name: "Orders" });

    await test.step("the full key, the order with its receipt, the subscription", async () => {
      await expect(keys.getByTestId("license-key")).toHaveText(buyer.key);
      await expect(keys.getByRole("button", { name: /^Copy license key/ })).toBeVisible();
      const order = orders.getByTestId("portal-order").first();
      await expect(order).toContainText("$22.61");
      await expect(order).toContainText("Paid");
      await expect(order.getByRole("link", { name: /^Receipt/ })).toHaveAttribute("href", /.+/);
      await expect(order.getByRole("link", { name: /^PDF/ })).toHaveAttribute("href", /.+/);
      // The receipt page: the same nonce CSP, and it renders under it.
      const receiptUrl = (await order.getByRole("link", { name: /^Receipt/ }).getAttribute("href"))!;
      const receipt = await portal.context().newPage();
      const receiptResponse = await receipt.goto(receiptUrl);
      expect(receiptResponse!.status()).toBe(200);
      expect(receiptResponse!.headers()["content-security-policy"]).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      await expect(receipt.getByText("$22.61").first()).toBeVisible();
      await receipt.close();
      const sub = subscriptions.getByTestId("portal-subscription");
      await expect(sub).toContainText("$22.61 / month");
      await expect(sub).toContainText(/Next charge on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect(sub).toContainText("Active");
      await expectNoHorizontalScroll(portal);
      await shot(portal, "portal-overview-phone-dark");
    });

    await test.step("deactivate the device, after a confirmation", async () => {
      const devices = keys.getByRole("region", { name: "Devices" });
      await expect(devices.getByRole("listitem").filter({ hasText: DEVICE })).toBeVisible();
      await devices.getByRole("button", { name: `Deactivate ${DEVICE}` }).click();
      const yes = devices.getByRole("button", { name: `Yes, deactivate ${DEVICE}` });
      await expect(yes).toBeFocused();
      await yes.click();
      await expect(devices.getByRole("status")).toHaveText(`${DEVICE} deactivated.`);
      await expect(devices.getByText("No devices activated yet.")).toBeVisible();

      const key = await shop.get(`/v1/license-keys/${buyer.licenseKeyId}`);
      expect(key.activations).toEqual([]);
      const gone = await request.get(
        `/v1/license-keys/${buyer.licenseKeyId}/activations/${buyer.activationId}`,
        {
          headers: shop.auth,
        },
      );
      expect(gone.status()).toBe(404);
    });

    await test.step("cancel the subscription with a reason, then keep it", async () => {
      const sub = subscriptions.getByTestId("portal-subscription");
      await sub.getByRole("button", { name: "Cancel subscription" }).click();
      const dialog = portal.getByRole("dialog", { name: /^Cancel Acme Sync Pro/ });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Why are you canceling?").selectOption({ label: "It's too expensive" });
      await dialog.getByLabel("Anything else you'd like to tell us?").fill("Cheaper elsewhere.");
      await shot(portal, "portal-cancel-dialog-phone-dark");
      await dialog.getByRole("button", { name: "Confirm cancellation" }).click();
      await expect(dialog).toBeHidden();
      await expect(sub).toContainText(/Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}/);
      await expect(sub.getByRole("status")).toContainText("Your subscription is canceled.");
      const keep = sub.getByRole("button", { name: "Keep my subscription" });
      await expect(keep).toBeFocused();

      const canceled = await shop.get(`/v1/subscriptions/${buyer.subscriptionId}`);
      expect(canceled).toMatchObject({
        status: "active",
        cancel_at_period_end: true,
        customer_cancellation_reason: "too_expensive",
        customer_cancellation_comment: "Cheaper elsewhere.",
      });
      await shot(portal, "portal-canceling-phone-dark");

      await keep.click();
      await expect(sub).toContainText(/Next charge on/);
      await expect(sub.getByRole("status")).toHaveText(
        "Your subscription will continue. Nothing else changes.",
      );
      const kept = await shop.get(`/v1/subscriptions/${buyer.subscriptionId}`);
      expect(kept).toMatchObject({ status: "active", cancel_at_period_end: false });
    });

    await test.step("the saved card: refused while the subscription bills it, removed once it is cancelled", async () => {
      const cards = portal.getByRole("region", { name: "Saved cards" });
      const card = cards.getByTestId("portal-saved-card");
      await expect(card).toHaveCount(1);
      // The test processor tells no card details: "Saved card" (Stripe's say "Visa ending in 4242").
      await expect(card).toContainText("Saved card");
      await card.getByRole("button", { name: "Remove Saved card" }).click();
      await card.getByRole("button", { name: "Remove", exact: true }).click();
      await expect(card.getByRole("alert")).toHaveText(
        "This card pays for a subscription: add another card to it first, or cancel it.",
      );
      const sub = subscriptions.getByTestId("portal-subscription");
      await sub.getByRole("button", { name: "Cancel subscription" }).click();
      await portal
        .getByRole("dialog", { name: /^Cancel Acme Sync Pro/ })
        .getByRole("button", { name: "Confirm cancellation" })
        .click();
      await expect(sub).toContainText(/Cancels on/);
      await card.getByRole("button", { name: "Remove Saved card" }).click();
      await card.getByRole("button", { name: "Remove", exact: true }).click();
      // The panel stays for the buyer who still has a subscription: "No saved card." and Add card.
      await expect(card).toHaveCount(0);
      await expect(cards).toContainText("No saved card.");
      await expect(cards.getByRole("button", { name: "Add card" })).toBeVisible();
      const customer = await shop.get(`/v1/customers/${buyer.customerId}/payment-methods`);
      expect(customer.items).toEqual([]);
      await expectNoHorizontalScroll(portal);
    });

    await test.step("a reload keeps the tab signed in under the nonce CSP; a revoked session goes back to sign-in", async () => {
      const reloaded = await portal.reload();
      expect(reloaded!.headers()["content-security-policy"]).toMatch(
        /script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
      );
      await expect(keys.getByTestId("license-key")).toHaveText(buyer.key);
      const token = (await portal.context().cookies()).find((c) => c.name === "cps_session")!.value;
      expect(token).toMatch(/^cst_/);
      expect(portal.url()).not.toContain("cst_");
      const revoked = await request.delete("/v1/customer-portal/customer-session", {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(revoked.status()).toBe(204);
      await portal.reload();
      await expect(portal.getByText("Your session has expired. Please sign in again.")).toBeVisible();
      await expect(portal.getByLabel("Email")).toBeVisible();
      await expect(portal.getByTestId("license-key")).toHaveCount(0);
      expect(await portal.evaluate(() => document.cookie)).not.toContain("cps_csrf");
    });

    await test.step("a merchant's sign-in link signs in directly, and leaves the address clean; the buyer replaces the key", async () => {
      const minted = await shop.post("/v1/customer-sessions/", { customer_id: buyer.customerId });
      expect(minted.customer_portal_url).toMatch(new RegExp(`${shop.portal}\\?customer_session_token=cst_`));
      await portal.goto(minted.customer_portal_url);
      await expect(keys.getByTestId("license-key")).toHaveText(buyer.key);
      expect(portal.url()).toMatch(new RegExp(`${shop.portal}$`));

      // The buyer replaces the key (a leaked one), after a confirmation: the old value stops working.
      await keys.getByRole("button", { name: /^Replace the license key for / }).click();
      await keys.getByRole("button", { name: "Replace", exact: true }).click();
      await expect(keys.getByRole("status").filter({ hasText: "Key replaced" })).toBeVisible();
      await expect(keys.getByTestId("license-key")).not.toHaveText(buyer.key);
      const replaced = (await keys.getByTestId("license-key").textContent())!;
      expect((await shop.get(`/v1/license-keys/${buyer.licenseKeyId}`)).key).toBe(replaced);
      await expectNoHorizontalScroll(portal);
      await portal.getByRole("button", { name: "Sign out" }).click();
      await expect(portal.getByText("You're signed out.")).toBeVisible();
      const after = await request.get("/v1/customer-portal/customers/me", {
        headers: { authorization: `Bearer ${minted.token}` },
      });
      expect(after.status()).toBe(401);
    });
    await portal.context().close();
  });

  test("a buyer moves their subscription to another plan from the portal, on a phone", async ({
    browser,
  }) => {
    const { productId } = await subscriptionWithManagedKeys();
    const team = await shop.post("/v1/products/", {
      name: `Acme Sync Team ${Date.now()}`,
      prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 2900 }],
    });
    const bought = await buy(shop, productId, { email: email("plan"), name: "Pat Plan", country: "US" });
    const minted = await shop.post("/v1/customer-sessions/", { customer_id: bought.customerId });
    const portal = await phoneTab(browser);
    await portal.goto(minted.customer_portal_url);
    const sub = portal.getByTestId("portal-subscription");
    await sub.getByRole("button", { name: "Change plan" }).click();
    const dialog = portal.getByRole("dialog", { name: "Change your plan" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`${team.name}`)).toBeVisible();
    await expect(dialog.getByText("$29.00 / month").first()).toBeVisible();
    await dialog.getByLabel(team.name).check();
    await expect(
      dialog.getByText(
        "The difference for the rest of this period is added to (or taken off) your next charge.",
      ),
    ).toBeVisible();
    await expectNoHorizontalScroll(portal);
    await shot(portal, "portal-change-plan-phone-dark");
    await dialog.getByRole("button", { name: "Change plan" }).click();
    await expect(dialog).toBeHidden();
    await expect(sub.getByRole("status")).toHaveText(`You are now on ${team.name}.`);
    await expect(sub.getByRole("heading", { name: team.name })).toBeVisible();
    const moved = await shop.get(`/v1/subscriptions/${bought.order.subscription.id}`);
    expect(moved).toMatchObject({ product_id: team.id, amount: 2900, status: "active" });
    await portal.context().close();
  });

  test("another organization's portal shows nothing of this buyer", async ({ browser, request }) => {
    test.setTimeout(120_000);
    // A buyer of its own (this test does not lean on the one above).
    const { productId } = await subscriptionWithManagedKeys();
    const { order } = await buy(shop, productId, { email: email("portal-other") });
    const buyer = {
      email: order.customer.email as string,
      customerId: order.customer_id as string,
      // The order carries no organization id; its customer does.
      organizationId: order.customer.organization_id as string,
    };
    const seenCodes = new Set<string>();
    // Another organization of the same merchant.
    const other = await createShop("other-store");
    const slug = other.slug;
    await other.dispose();

    const portal = await phoneTab(browser);
    // Signing in there with this email: the same answer as for anyone, and this portal's code
    // (valid here) does not open that one.
    await portal.goto(`/portal/${slug}`);
    await expect(portal.getByText(other.name).first()).toBeVisible();
    await portal.getByLabel("Email").fill(buyer.email);
    await portal.getByRole("button", { name: "Email me a code" }).click();
    await expect(portal.getByText(`We sent a 6-digit code to ${buyer.email}.`)).toBeVisible();
    const requested = await request.post("/v1/customer-portal/customer-session/request", {
      data: { organization_id: buyer.organizationId, email: buyer.email },
    });
    expect(requested.status()).toBe(202);
    const ownCode = await emailedCode(buyer.customerId, seenCodes);
    await portal.getByLabel("Sign-in code").fill(ownCode);
    await portal.getByRole("button", { name: "Sign in" }).click();
    await expect(portal.getByText("That code is wrong or has expired.", { exact: false })).toBeVisible();
    await expect(portal.getByTestId("license-key")).toHaveCount(0);

    // Arriving there with a session of this portal's buyer: back to sign-in, nothing shown.
    const minted = await shop.post("/v1/customer-sessions/", { customer_id: buyer.customerId });
    await portal.goto(`/portal/${slug}?customer_session_token=${minted.token}`);
    await expect(portal.getByText("That sign-in link is for another store.", { exact: false })).toBeVisible();
    await expect(portal.getByLabel("Email")).toBeVisible();
    await expect(portal.getByText(buyer.email)).toHaveCount(0);
    await expect(portal.getByTestId("license-key")).toHaveCount(0);
    await expect(portal.getByText("Acme Sync Pro")).toHaveCount(0);
    expect(portal.url()).not.toContain("cst_");
    await shot(portal, "portal-other-organization");
    await portal.context().close();
  });
});
