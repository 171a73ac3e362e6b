// A buyer pays with Stripe on the hosted checkout (docs/payments.md, "Stripe"): the organization
// has connected its Stripe account, the page loads Stripe's Payment Element (here the fake Stripe.js,
// e2e/fake-stripe-js.ts, talking to the Stripe fake the server also uses), and the card is a
// Stripe confirmation token. A plain card pays at once; a card that needs 3-D Secure shows the
// bank's step and the order is made when Stripe's event says the payment succeeded; a declined
// card says why and lets the buyer try again; at 375 px the page is 375 px wide.
import type { Page } from "@playwright/test";
import {
  createSession,
  email,
  expectSucceeded,
  fillContact,
  payButton,
  type Session,
} from "./checkout-helpers";
import { E2E_STRIPE_API } from "./env";
import { AUTHENTICATION_FAILED_MESSAGE, serveFakeStripeJs } from "./fake-stripe-js";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";
import { connectStripe } from "./stripe-account";

const shop = ownShop("checkout-stripe");
let priceId: string;

test.beforeAll(async () => {
  await connectStripe(shop);
  const product = await shop.post("/v1/products/", {
    name: "Stripe Studio",
    prices: [{ amount_type: "fixed", price_amount: 2500 }],
  });
  priceId = product.prices[0].id;
});

async function openStripeCheckout(page: Page): Promise<Session> {
  const session = await createSession(shop, { product_price_id: priceId });
  expect(session).toMatchObject({ payment_processor: "stripe" });
  await serveFakeStripeJs(page, { apiBase: E2E_STRIPE_API });
  await page.goto(session.url);
  await expect(payButton(page)).toBeEnabled();
  return session;
}

/** The buyer in Germany: the total with its 19 % tax is what Pay shows before it is pressed. */
async function fillBuyer(page: Page, tag: string) {
  await fillContact(page, { email: email(tag), name: "Stripe Buyer", country: "DE" });
  await expect(payButton(page)).toHaveText("Pay $29.75");
}

async function fillStripeCard(page: Page, number: string) {
  const card = page.locator("#field-stripe-payment");
  await card.getByLabel("Card number").fill(number);
  await card.getByLabel("Expiration date").fill("12/34");
  await card.getByLabel("Security code").fill("123");
}

test("a buyer pays with a card through Stripe's Payment Element", async ({ page }) => {
  const session = await openStripeCheckout(page);
  await fillBuyer(page, "stripe-buyer");
  await fillStripeCard(page, "4242 4242 4242 4242");
  await payButton(page).click();
  await expectSucceeded(page);
  const after = await shop.get(`/v1/checkouts/custom/${session.id}`);
  expect(after).toMatchObject({ status: "succeeded", payment_processor: "stripe" });
});

test("3-D Secure: the bank's step, then the order once Stripe says the payment succeeded", async ({
  page,
}) => {
  const session = await openStripeCheckout(page);
  await fillBuyer(page, "stripe-3ds");
  await fillStripeCard(page, "4000 0025 0000 3155");
  await payButton(page).click();
  const bank = page.getByRole("dialog", { name: "3D Secure 2 Test Page" });
  await expect(bank).toBeVisible();
  await bank.getByRole("button", { name: "Complete" }).click();
  await expectSucceeded(page);
  await expect
    .poll(async () => (await shop.get(`/v1/checkouts/custom/${session.id}`)).status, { timeout: 20_000 })
    .toBe("succeeded");
});

test("a failed 3-D Secure and a declined card say why, and the buyer can pay with another card", async ({
  page,
}) => {
  const session = await openStripeCheckout(page);
  await fillBuyer(page, "stripe-declined");
  await fillStripeCard(page, "4000 0025 0000 3155");
  await payButton(page).click();
  await page
    .getByRole("dialog", { name: "3D Secure 2 Test Page" })
    .getByRole("button", { name: "Fail" })
    .click();
  await expect(page.getByText(AUTHENTICATION_FAILED_MESSAGE)).toBeVisible();

  await fillStripeCard(page, "4000 0000 0000 0002");
  await payButton(page).click();
  await expect(page.getByText(/declined/i).first()).toBeVisible();

  await fillStripeCard(page, "4242 4242 4242 4242");
  await payButton(page).click();
  await expectSucceeded(page);
  expect((await shop.get(`/v1/checkouts/custom/${session.id}`)).status).toBe("succeeded");
});

test("at 375 px the Stripe checkout is 375 px wide, and a forged Stripe event is refused", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openStripeCheckout(page);
  await expect(page.locator("#field-stripe-payment").getByLabel("Card number")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // An attacker posting a "payment succeeded" event of their own to the organization's URL.
  const forged = await request.post(`/v1/integrations/stripe/webhook/${shop.id}`, {
    headers: { "stripe-signature": "t=1,v1=00", "content-type": "application/json" },
    data: {
      id: "evt_forged",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_x" } },
    },
  });
  expect(forged.status()).toBe(400);
});
