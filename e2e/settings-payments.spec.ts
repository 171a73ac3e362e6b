// Settings → Payments (docs/checkout.md, "Stripe on the checkout page and in Settings"), from where a
// merchant starts (signed out, on the home page): the onboarding step leads there, the webhook URL
// and events are shown before anything is saved (Stripe's signing secret needs them), keys are
// checked in words, a key Stripe refuses is the server's 422 on its field, saved keys show as the
// account, the secret key's last four characters and Test or Live, a secret is never shown back,
// and replacing keys asks first. At 375 px the page is 375 px wide.
import type { Page, Route } from "@playwright/test";
import { shot, signInFromHome } from "./dashboard-helpers";
import { E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const shop = ownShop("settings-payments");

type Saved = {
  processor: "stripe";
  livemode: boolean;
  publishable_key: string;
  secret_key_last4: string;
  account_id: string;
  webhook_url: string;
};

/**
 * The contract of `GET`/`PUT /v1/organizations/{id}/payment-processor`, answered in the browser
 * while the server's route is being written: this interception goes when the route lands (the
 * spec then runs against the server, with a Stripe fake behind STRIPE_API_BASE refusing the
 * revoked key). 404 until keys are saved; a revoked secret key is a 422 at `secret_key`, in the
 * shape of docs/api.md §2.
 */
async function answerPaymentProcessorRoute(page: Page) {
  const state = {
    saved: null as Saved | null,
    puts: [] as Record<string, unknown>[],
    putPaths: new Set<string>(),
  };
  await page.route("**/v1/organizations/*/payment-processor", async (route: Route) => {
    const request = route.request();
    const json = (status: number, body: unknown) =>
      route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
    if (request.method() === "GET") {
      return state.saved
        ? json(200, state.saved)
        : json(404, { error: "ResourceNotFound", detail: "Not found" });
    }
    if (request.method() !== "PUT")
      return json(405, { error: "MethodNotAllowed", detail: "Method not allowed" });
    const body = request.postDataJSON() as Record<string, string>;
    state.puts.push(body);
    state.putPaths.add(new URL(request.url()).pathname);
    if (body.secret_key === "sk_test_revoked0000") {
      return json(422, {
        error: "RequestValidationError",
        detail: [
          {
            type: "value_error",
            loc: ["body", "secret_key"],
            msg: "Stripe refused this key: it is revoked or mistyped.",
            input: null,
          },
        ],
      });
    }
    state.saved = {
      processor: "stripe",
      livemode: body.secret_key!.startsWith("sk_live_"),
      publishable_key: body.publishable_key!,
      secret_key_last4: body.secret_key!.slice(-4),
      account_id: "acct_1SpecAccount",
      webhook_url: `${E2E_BASE_URL}/v1/integrations/stripe/webhook/${shop.id}`,
    };
    return json(200, state.saved);
  });
  return state;
}

const payments = (page: Page) => page.locator("#payments");
const LIVE_SECRET = "sk_live_51SpecSecretKeyAbCd9876";
const WEBHOOK_SECRET = "whsec_SpecSigningSecret123";

async function fillKeys(page: Page, keys: { secret: string; publishable: string; webhook: string }) {
  await payments(page).getByLabel("Secret key").fill(keys.secret);
  await payments(page).getByLabel("Publishable key").fill(keys.publishable);
  await payments(page).getByLabel("Webhook signing secret").fill(keys.webhook);
}

test("connects Stripe from the onboarding step: checked keys, the server's 422 on its field, then the account and Live", async ({
  page,
}) => {
  const api = await answerPaymentProcessorRoute(page);
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
    secret: "pk_live_51SpecPublishable",
    publishable: "<img src=x onerror=alert(1)>",
    webhook: WEBHOOK_SECRET,
  });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card).toContainText("A secret key starts with sk_test_ or sk_live_");
  await expect(card).toContainText("A publishable key starts with pk_test_ or pk_live_.");
  expect(api.puts).toEqual([]);

  // A key Stripe refuses: the server's 422 lands on its field.
  await fillKeys(page, {
    secret: "sk_test_revoked0000",
    publishable: "pk_test_51SpecPk",
    webhook: WEBHOOK_SECRET,
  });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByLabel("Secret key")).toHaveAttribute("aria-invalid", "true");
  await expect(card).toContainText("Stripe refused this key: it is revoked or mistyped.");
  await expect(card.getByLabel("Publishable key")).not.toHaveAttribute("aria-invalid", "true");
  // The field's message goes as soon as it changes.
  await card.getByLabel("Secret key").fill(LIVE_SECRET);
  await expect(card).not.toContainText("Stripe refused this key");

  await fillKeys(page, { secret: LIVE_SECRET, publishable: "pk_live_51SpecPk", webhook: WEBHOOK_SECRET });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByText("Live mode", { exact: true })).toBeVisible();
  await expect(card).toContainText("acct_1SpecAccount");
  await expect(card).toContainText("sk_…9876");
  await expect(card).toContainText("pk_live_51SpecPk");
  await expect(card.getByTestId("stripe-webhook-url")).toHaveText(webhookUrl);
  expect(api.puts.at(-1)).toEqual({
    processor: "stripe",
    secret_key: LIVE_SECRET,
    publishable_key: "pk_live_51SpecPk",
    webhook_secret: WEBHOOK_SECRET,
  });
  expect([...api.putPaths]).toEqual([`/v1/organizations/${shop.id}/payment-processor`]);
  await shot(page, "settings-payments-connected");
  // No secret is shown back, nor kept in a field of the page.
  await expect(card.getByLabel("Secret key")).toHaveCount(0);
  const html = await page.content();
  expect(html).not.toContain(LIVE_SECRET);
  expect(html).not.toContain(WEBHOOK_SECRET);

  // Replacing asks first; Cancel sends nothing.
  await card.getByRole("button", { name: "Replace keys" }).click();
  await fillKeys(page, {
    secret: "sk_live_51SpecOther1111",
    publishable: "pk_live_51Other",
    webhook: WEBHOOK_SECRET,
  });
  await card.getByRole("button", { name: "Replace keys" }).click();
  const dialog = page.getByRole("dialog", { name: "Replace the Stripe keys?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(api.puts).toHaveLength(2); // the refused one and the saved one: nothing more
  await card.getByRole("button", { name: "Replace keys" }).click();
  await dialog.getByRole("button", { name: "Replace keys" }).click();
  await expect(card).toContainText("sk_…1111");
  expect(api.puts).toHaveLength(3);

  // The onboarding step is done now.
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
  await expect(step).toHaveAttribute("data-done", "true");
});

test("at 375 px the Payments card, before and after connecting, keeps the page 375 px wide", async ({
  page,
}) => {
  await answerPaymentProcessorRoute(page);
  await signInFromHome(page, shop);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${shop.dashboard}/settings#payments`);
  const card = payments(page);
  await card.getByText("Events to send (12)").click();
  await expect(card.getByLabel("Webhook signing secret")).toBeVisible();
  const width = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await width()).toBeLessThanOrEqual(375);

  await fillKeys(page, {
    secret: "sk_test_51Narrow0375",
    publishable: "pk_test_51Narrow",
    webhook: WEBHOOK_SECRET,
  });
  await card.getByRole("button", { name: "Connect Stripe" }).click();
  await expect(card.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(card).toContainText("sk_…0375");
  expect(await width()).toBeLessThanOrEqual(375);
  await card.scrollIntoViewIfNeeded();
  await shot(page, "settings-payments-375");
});
