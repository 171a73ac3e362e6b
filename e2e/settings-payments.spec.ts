// Settings → Payments (docs/checkout.md, "Stripe on the checkout page and in Settings"), from where a
// merchant starts (signed out, on the home page): the onboarding step leads there, the webhook URL
// and events are shown before anything is saved (Stripe's signing secret needs them), keys are
// checked in words, a key Stripe refuses is the server's 422 on its field, saved keys show as the
// account, the secret key's last four characters and Test or Live, a secret is never shown back,
// and replacing keys asks first. At 375 px the page is 375 px wide.
import type { Page } from "@playwright/test";
import { shot, signInFromHome } from "./dashboard-helpers";
import { E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { createShop, ownShop } from "./own-organization";
import { newStripeAccount } from "./stripe-account";

const shop = ownShop("settings-payments");

/** The PUTs the page sends to the payment-processor route (the server checks them with Stripe). */
function recordPuts(page: Page) {
  const puts: Record<string, unknown>[] = [];
  const paths = new Set<string>();
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().endsWith("/payment-processor")) {
      puts.push(request.postDataJSON() as Record<string, unknown>);
      paths.add(new URL(request.url()).pathname);
    }
  });
  return { puts, paths };
}

const payments = (page: Page) => page.locator("#payments");

async function fillKeys(page: Page, keys: { secret: string; publishable: string; webhook: string }) {
  await payments(page).getByLabel("Secret key").fill(keys.secret);
  await payments(page).getByLabel("Publishable key").fill(keys.publishable);
  await payments(page).getByLabel("Webhook signing secret").fill(keys.webhook);
}

test("connects Stripe from the onboarding step: checked keys, Stripe's refusal on its field, then the account", async ({
  page,
}) => {
  const account = await newStripeAccount();
  const other = await newStripeAccount();
  const keysOf = (a: typeof account) => ({
    secret: a.secretKey,
    publishable: a.publishableKey,
    webhook: a.webhookSecret,
  });
  const api = recordPuts(page);
  await signInFromHome(page, shop);
  const step = page.getByRole("region", { name: "Get started" }).getByRole("listitem").filter({
    hasText: "Set up payments",
  });
  await expect(step).toHaveAttribute("data-done", "false");
  await step.getByRole("link", { name: "Set up payments" }).click();
  await expect(page).toHaveURL(`${shop.dashboard}/settings#payments`);

  // Before anything is saved: test mode, and what to set up in Stripe.
  const card = payments(page);
  await expect(card.getByRole("heading", { name: "Payments" })).toBeVisible();
  await expect(card.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(card).toContainText("Checkouts use the built-in test processor");
  const webhookUrl = `${E2E_BASE_URL}/v1/integrations/stripe/webhook/${shop.id}`;
  await expect(card.getByTestId("stripe-webhook-url")).toHaveText(webhookUrl);
  await card.getByText("Events to send (12)").click();
  const events = card.getByRole("list", { name: "Stripe events to send" }).getByRole("listitem");
  await expect(events).toHaveCount(12);
  await expect(events.first()).toHaveText("payment_intent.succeeded");
  await expect(events.last()).toHaveText("payment_method.automatically_updated");

  // Checked in the browser first, in words: nothing sent.
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  await expect(card).toContainText("Paste your Stripe secret key.");
  await expect(card).toContainText("Paste the signing secret of your Stripe webhook endpoint.");
  // The keys swapped, as a hurried paste does; HTML where a key goes is refused and shown as text.
  await fillKeys(page, {
    secret: account.publishableKey,
    publishable: "<img src=x onerror=alert(1)>",
    webhook: account.webhookSecret,
  });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card).toContainText("A secret key starts with sk_test_ or sk_live_");
  await expect(card).toContainText("A publishable key starts with pk_test_ or pk_live_.");
  expect(api.puts).toEqual([]);

  // A key Stripe does not know (revoked, mistyped): the server's 422 lands on its field.
  await fillKeys(page, { ...keysOf(account), secret: "sk_test_revoked00000000" });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  await expect(card).toContainText("Stripe does not accept this secret key.");
  await expect(card.getByLabel("Publishable key")).not.toHaveAttribute("aria-invalid", "true");
  // The field's message goes as soon as it changes.
  await card.getByLabel("Secret key").fill(account.secretKey);
  await expect(card).not.toContainText("Stripe does not accept this secret key.");

  await fillKeys(page, keysOf(account));
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(card).toContainText(/acct_\w+/);
  await expect(card).toContainText(`sk_…${account.secretKey.slice(-4)}`);
  await expect(card).toContainText(account.publishableKey);
  await expect(card.getByTestId("stripe-webhook-url")).toHaveText(webhookUrl);
  expect(api.puts.at(-1)).toEqual({
    processor: "stripe",
    secret_key: account.secretKey,
    publishable_key: account.publishableKey,
    webhook_secret: account.webhookSecret,
  });
  expect([...api.paths]).toEqual([`/v1/organizations/${shop.id}/payment-processor`]);
  await shot(page, "settings-payments-connected");
  // No secret is shown back, nor kept in a field of the page, nor answered by the server.
  await expect(card.getByLabel("Secret key")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(account.secretKey);
  expect(html).not.toContain(account.webhookSecret);
  expect(JSON.stringify(await shop.get(`/v1/organizations/${shop.id}/payment-processor`))).not.toContain(
    account.secretKey,
  );

  // 3-D Secure on every card: a switch, saved at once, kept after a reload.
  const threeDSecure = card.getByRole("switch", { name: /Ask for 3-D Secure on every card/ });
  await expect(threeDSecure).not.toBeChecked();
  await threeDSecure.check();
  await expect(threeDSecure).toBeChecked();
  await expect
    .poll(
      async () => (await shop.get(`/v1/organizations/${shop.id}/payment-processor`)).require_three_d_secure,
    )
    .toBe(true);
  await page.reload();
  await expect(
    payments(page).getByRole("switch", { name: /Ask for 3-D Secure on every card/ }),
  ).toBeChecked();

  // Replacing asks first; Cancel sends nothing.
  await card.getByRole("button", { name: "Replace keys" }).click();
  await fillKeys(page, keysOf(other));
  await card.getByRole("button", { name: "Replace keys" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace the Stripe keys?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(api.puts).toHaveLength(2); // the refused one and the saved one: nothing more
  await card.getByRole("button", { name: "Replace keys" }).click();
  await dialog.getByRole("button", { name: "Replace keys" }).click();
  await expect(card).toContainText(`sk_…${other.secretKey.slice(-4)}`);
  expect(api.puts).toHaveLength(3);

  // The onboarding step is done now.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
  await expect(step).toHaveAttribute("data-done", "true");
});

test("at 375 px the Payments card, before and after connecting, keeps the page 375 px wide", async ({
  page,
}) => {
  // An organization of this test's own: not yet connected, whatever the other test did.
  const narrow = await createShop("settings-payments-375");
  const account = await newStripeAccount();
  await signInFromHome(page, narrow);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${narrow.dashboard}/settings#payments`);
  const card = payments(page);
  await card.getByText("Events to send (12)").click();
  await expect(card.getByLabel("Webhook signing secret")).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(375);

  await fillKeys(page, {
    secret: account.secretKey,
    publishable: account.publishableKey,
    webhook: account.webhookSecret,
  });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(card).toContainText(`sk_…${account.secretKey.slice(-4)}`);
  expect(await width()).toBeLessThanOrEqual(375);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "settings-payments-375");
  await narrow.dispose();
});
