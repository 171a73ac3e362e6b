// A disputed order on the dashboard, the way disputes happen (docs/disputes.md): the organization
// takes payments with Stripe (the Stripe fake the server uses), a buyer pays, the buyer's bank
// disputes the payment, Stripe tells the organization's webhook URL, and the event job records the
// dispute. Then, signed out at the home page: sign in, the orders list, the disputed order shows its
// "Disputes" section (an undisputed one none), on a phone too without sideways scrolling, where the
// merchant accepts it (Stripe closes it as lost); another organization's token cannot read it.
import type { Page } from "@playwright/test";
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { createShop, ownShop } from "./own-organization";
import { connectStripe, disputePayment, stripeCardToken, type StripeAccount } from "./stripe-account";

const shop = ownShop("disputes");
let stripe: StripeAccount;
let priceId: string;

test.beforeAll(async () => {
  stripe = await connectStripe(shop);
  const product = await shop.post("/v1/products/", {
    name: "Disputed Tool",
    prices: [{ amount_type: "fixed", price_amount: 4000 }],
  });
  priceId = product.prices[0].id;
});

/** A purchase with a test card through the API, as the hosted page makes it; its paid order. */
async function purchase(card: string, email: string) {
  const session = await shop.post("/v1/checkouts/custom/", { product_price_id: priceId });
  await shop.anonymous.post(`/v1/checkouts/custom/client/${session.client_secret}/confirm`, {
    customer_email: email,
    customer_name: "Disputing Buyer",
    customer_billing_address: { country: "FR" },
    confirmation_token_id: await stripeCardToken(stripe, card),
  });
  let order: { id: string; invoice_number: string } | undefined;
  await expect
    .poll(async () => (order = (await shop.get(`/v1/orders/?checkout_id=${session.id}`)).items[0]), {
      timeout: 20_000,
    })
    .toBeTruthy();
  return order!;
}

const disputesSection = (page: Page) => page.getByRole("table", { name: "Disputes of this order" });

test("a disputed order shows its dispute; an undisputed one no section; not another organization's", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const disputed = await purchase("4000000000000259", "disputer@example.com");
  const undisputed = await purchase("4242424242424242", "happy@example.com");
  const timeline = await shop.get(`/v1/orders/${disputed.id}/timeline`);
  await disputePayment(timeline.payments[0].processor_payment_id, "product_not_received");
  let dispute: { id: string } | undefined;
  await expect
    .poll(async () => (dispute = (await shop.get(`/v1/disputes/?order_id=${disputed.id}`)).items[0]), {
      timeout: 20_000,
    })
    .toBeTruthy();

  await signInFromHome(page, shop);
  await page.goto(`${shop.dashboard}/orders`);
  await page.getByRole("row").filter({ hasText: disputed.invoice_number }).getByRole("link").click();
  await expect(page).toHaveURL(`${shop.dashboard}/orders/${disputed.id}`);
  const table = disputesSection(page);
  await expect(table).toBeVisible();
  const row = table.getByRole("row").nth(1);
  await expect(row).toContainText("$40.00");
  await expect(row).toContainText("Product not received");
  await expect(row).toContainText("Needs response");
  await page.screenshot({ path: test.info().outputPath("disputed-order.png"), fullPage: true });

  // On a phone: the section fits, no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(table).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: test.info().outputPath("disputed-order-375.png"), fullPage: true });

  // The merchant concedes, on the phone, after a confirmation: Stripe closes it as lost.
  await row.getByRole("button", { name: "Accept" }).click();
  const confirm = page.getByRole("dialog", { name: "Accept this dispute?" });
  await expect(confirm).toContainText("closed as lost");
  await confirm.getByRole("button", { name: "Accept dispute" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText("Lost");
  await expect(row.getByRole("button", { name: "Accept" })).toHaveCount(0);
  expect((await shop.get(`/v1/disputes/${dispute!.id}`)).status).toBe("lost");

  // An order never disputed has no such section (its refunds card is there: the page has loaded).
  expect((await shop.get(`/v1/disputes/?order_id=${undisputed.id}`)).items).toEqual([]);
  await page.goto(`${shop.dashboard}/orders/${undisputed.id}`);
  await expect(page.getByText("No refunds.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Disputes", exact: true })).toHaveCount(0);

  // Another organization's token, and no credential at all, cannot read it.
  const other = await createShop("disputes-other");
  try {
    const theirs = await request.get(`/v1/disputes/${dispute!.id}`, { headers: other.auth });
    expect(theirs.status()).toBe(404);
    const listed = await request.get(`/v1/disputes/?order_id=${disputed.id}`, { headers: other.auth });
    expect((await listed.json()).items).toEqual([]);
    expect((await request.get(`/v1/disputes/${dispute!.id}`)).status()).toBe(401);
  } finally {
    await other.dispose();
  }
});
