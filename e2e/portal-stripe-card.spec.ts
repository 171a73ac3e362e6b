// Dunning with Stripe, as the buyer meets it (docs/payments.md, "Stripe"): their subscription's
// renewal was refused by the bank because it wanted the buyer there (`authentication_required`,
// off session); the "payment failed" email's link takes them, signed out, to the portal; they sign
// in with the emailed code and enter a new card in Stripe's Payment Element (the fake Stripe.js,
// e2e/fake-stripe-js.ts); the bank asks for 3-D Secure (a SetupIntent's step); once they confirm,
// the unpaid period is charged with that card and the subscription is active again. A failed
// 3-D Secure says why and changes nothing. On a phone, 375 px wide.
import type { Page } from "@playwright/test";
import { createSession, email } from "./checkout-helpers";
import { E2E_STRIPE_API } from "./env";
import { AUTHENTICATION_FAILED_MESSAGE, serveFakeStripeJs } from "./fake-stripe-js";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";
import { connectStripe, stripeCardToken, type StripeAccount } from "./stripe-account";

const shop = ownShop("portal-stripe");
let account: StripeAccount;
let priceId: string;

/** 3-D Secure every time: asked on session, refused off session (the renewal). */
const ALWAYS_AUTHENTICATE = "4000000000003220";

test.beforeAll(async () => {
  account = await connectStripe(shop);
  const product = await shop.post("/v1/products/", {
    name: "Stripe Sync",
    prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 1500 }],
  });
  priceId = product.prices[0].id;
});

/** The bank's step of an intent done at Stripe, as the buyer's 3-D Secure page would. */
async function completeAtBank(intentId: string) {
  const response = await fetch(`${E2E_STRIPE_API}/v1/test_helpers/next_action/${intentId}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${account.secretKey}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ outcome: "succeed" }),
  });
  expect(response.status).toBe(200);
}

/**
 * A buyer subscribed (through the API, with a card that asks for 3-D Secure, completed), whose first
 * renewal (the test clock) the bank refused without them: past_due, and the email sent.
 */
async function pastDueBuyer(tag: string) {
  const session = await createSession(shop, { product_price_id: priceId });
  const buyerEmail = email(tag);
  const confirmed = await shop.anonymous.post(
    `/v1/checkouts/custom/client/${session.client_secret}/confirm`,
    {
      customer_email: buyerEmail,
      customer_name: "Dana Dunning",
      customer_billing_address: { country: "US" },
      confirmation_token_id: await stripeCardToken(account, ALWAYS_AUTHENTICATE),
    },
  );
  const secret = confirmed.payment_processor_metadata.intent_client_secret as string;
  await completeAtBank(secret.split("_secret_")[0]!);
  let order: { customer_id: string; subscription: { id: string } } | undefined;
  await expect(async () => {
    [order] = (await shop.get(`/v1/orders/?checkout_id=${session.id}`)).items;
    expect(order?.subscription?.id).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  const subscriptionId = order!.subscription.id;
  const renewed = await shop.post(`/v1/subscriptions/${subscriptionId}/renew`);
  expect(renewed).toMatchObject({ status: "past_due" });
  let link = "";
  await expect(async () => {
    const list = await shop.get(
      `/v1/emails/?customer_id=${order!.customer_id}&kind=subscription_payment_failed`,
    );
    const detail = await shop.get(`/v1/emails/${list.items[0].id}`);
    link = /https?:\/\/\S+\/portal\/\S+/.exec(detail.text as string)?.[0] ?? "";
    expect(link).toContain(shop.portal);
  }).toPass({ timeout: 20_000 });
  return { buyerEmail, customerId: order!.customer_id, subscriptionId, link };
}

/** The portal from the email's link, signed in with the emailed code. */
async function signInFromEmail(page: Page, buyer: Awaited<ReturnType<typeof pastDueBuyer>>) {
  await serveFakeStripeJs(page, { apiBase: E2E_STRIPE_API });
  await page.goto(buyer.link);
  await page.getByLabel("Email").fill(buyer.buyerEmail);
  await page.getByRole("button", { name: "Email me a code" }).click();
  let code = "";
  await expect(async () => {
    const list = await shop.get(`/v1/emails/?customer_id=${buyer.customerId}&kind=portal_sign_in_code`);
    const detail = await shop.get(`/v1/emails/${list.items[0].id}`);
    code = /\b(\d{6})\b/.exec(detail.text as string)?.[1] ?? "";
    expect(code).not.toBe("");
  }).toPass({ timeout: 20_000 });
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Your last payment failed")).toBeVisible();
}

async function enterNewCard(page: Page, number: string) {
  // A past-due subscription opens its card form at once.
  const form = page.getByRole("form", { name: /New card for Stripe Sync/ });
  const card = form.getByRole("group", { name: "Card details" });
  await card.getByLabel("Card number").fill(number);
  await card.getByLabel("Expiration date").fill("12/34");
  await card.getByLabel("Security code").fill("123");
  await form.getByRole("button", { name: "Save card and pay" }).click();
  return form;
}

test("a buyer in dunning confirms a new card with 3-D Secure in the portal and is charged once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 812 });
  const buyer = await pastDueBuyer("portal-stripe-card");
  await signInFromEmail(page, buyer);

  await enterNewCard(page, "4000 0025 0000 3155");
  const bank = page.getByRole("dialog", { name: "3D Secure 2 Test Page" });
  await expect(bank).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await bank.getByRole("button", { name: "Complete" }).click();

  await expect(
    page.getByText("Your card was updated and the payment went through. Your subscription is active again."),
  ).toBeVisible();
  await expect(page.getByText("Your last payment failed")).toBeHidden();
  await expect(page.getByText(/Paying with Visa ending in 3155/)).toBeVisible();
  await expect(page.getByTestId("portal-subscription").getByText("Active", { exact: true })).toBeVisible();
  const subscription = await shop.get(`/v1/subscriptions/${buyer.subscriptionId}`);
  expect(subscription.status).toBe("active");
  const orders = await shop.get(`/v1/orders/?subscription_id=${buyer.subscriptionId}`);
  expect(
    (orders.items as { billing_reason: string; status: string }[]).filter(
      (o) => o.billing_reason === "subscription_cycle",
    ),
  ).toMatchObject([{ status: "paid" }]);
});

test("a failed 3-D Secure on the new card says why and leaves the subscription past due", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const buyer = await pastDueBuyer("portal-stripe-fail");
  await signInFromEmail(page, buyer);

  const form = await enterNewCard(page, "4000 0025 0000 3155");
  await page
    .getByRole("dialog", { name: "3D Secure 2 Test Page" })
    .getByRole("button", { name: "Fail" })
    .click();
  await expect(form.getByRole("alert")).toHaveText(AUTHENTICATION_FAILED_MESSAGE);
  await expect(form.getByRole("button", { name: "Save card and pay" })).toBeEnabled();
  expect((await shop.get(`/v1/subscriptions/${buyer.subscriptionId}`)).status).toBe("past_due");
});
