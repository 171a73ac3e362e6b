// The merchant dashboard's webhooks in a real browser, from where a person starts (signed out, on
// the home page): "Webhooks" in the navigation, the endpoints list and the add form. Then, against
// the webhooks API and its delivery worker, the whole flow to a receiver this spec runs on
// 127.0.0.1 (the server allows private addresses: WEBHOOKS_ALLOW_PRIVATE in playwright.config.ts):
// add an endpoint, see its secret once, send a test event, read the delivery (request and the
// receiver's answer), verify the signature with that secret, rotate it (both secrets sign for 24
// hours), redeliver, retry a failing delivery now, filter, disable and enable again, delete.
import type { Page } from "@playwright/test";
import { shot, signInFromHome } from "./dashboard-helpers";
import { E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";
import { signedWith, startReceiver } from "./webhook-receiver";

const shop = ownShop("webhooks");

async function openWebhooks(page: Page) {
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Webhooks" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.dashboard}/webhooks`);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
}

test("Webhooks in the navigation; the list, the add form and its checks render", async ({ page }) => {
  await signInFromHome(page, shop);
  await openWebhooks(page);
  // Whatever the API answers (a list, nothing yet, or an error while it is absent), the page says so.
  await expect(
    page
      .getByRole("table", { name: "Webhook endpoints" })
      .or(page.getByText("No endpoints yet"))
      .or(page.getByText("Could not load this.")),
  ).toBeVisible();

  await page.getByRole("link", { name: "Add endpoint" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.dashboard}/webhooks/new`);
  await expect(page.getByRole("heading", { level: 1, name: "Add endpoint" })).toBeVisible();
  const form = page.getByRole("form", { name: "New endpoint" });

  // Nothing filled: the form says what is missing instead of sending, and focuses the URL.
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("Enter the URL to send events to.")).toBeVisible();
  await expect(form.getByText("Pick at least one event.")).toBeVisible();
  await expect(form.getByLabel("Endpoint URL")).toBeFocused();

  // The event picker: everything, a resource's group, one type.
  const all = form.getByLabel("Select all events");
  await all.check();
  await expect(form.getByLabel("order.paid")).toBeChecked();
  await expect(form.getByLabel("license_key.updated")).toBeChecked();
  await all.uncheck();
  await expect(form.getByLabel("order.paid")).not.toBeChecked();
  const subscriptions = form.getByRole("group", { name: "Subscription events" });
  await subscriptions.getByRole("checkbox").first().check();
  // The group's own checkbox and its six types.
  await expect(subscriptions.getByRole("checkbox")).toHaveCount(7);
  for (const box of await subscriptions.getByRole("checkbox").all()) await expect(box).toBeChecked();
  await form.getByLabel("order.paid").check();
  // Some picked: "select all" shows mixed.
  expect(await all.evaluate((box) => (box as HTMLInputElement).indeterminate)).toBe(true);
  await expect(form.getByText(/^7 of \d+ events picked\.$/)).toBeVisible();
  await form.getByLabel("Signing secret (optional)").fill("not-a-secret");
  await form.getByLabel("Endpoint URL").fill("example.com");
  await form.getByRole("button", { name: "Add endpoint" }).click();
  await expect(form.getByText("Enter a full http:// or https:// URL.")).toBeVisible();
  await expect(form.getByText(/A signing secret starts with whsec_/)).toBeVisible();
  await shot(page, "webhooks-add-form");
  // A phone, in dark mode: the same form, one column.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "webhooks-add-form-phone-dark");
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });

  // An endpoint that does not exist (or, before the API is merged, any): "not found", no crash.
  await page.goto(`${shop.dashboard}/webhooks/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByText("Endpoint not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "← Webhooks" })).toBeVisible();
});

test("add an endpoint, see its secret once, send a test event, read and verify the delivery", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const receiver = await startReceiver();
  try {
    await signInFromHome(page, shop);
    await openWebhooks(page);
    await page.getByRole("link", { name: "Add endpoint" }).click();
    const form = page.getByRole("form", { name: "New endpoint" });
    await form.getByLabel("Endpoint URL").fill(receiver.url);
    await form.getByLabel("order.paid").check();
    await form.getByRole("group", { name: "Subscription events" }).getByRole("checkbox").first().check();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    // The endpoint's page, with the secret shown this once.
    await expect(page).toHaveURL(new RegExp(`${shop.dashboard}/webhooks/[0-9a-f-]{36}$`));
    const endpointPath = new URL(page.url()).pathname;
    await expect(page.getByRole("heading", { level: 1 })).toContainText(receiver.url);
    await expect(page.getByTestId("endpoint-status")).toHaveText("Enabled");
    await expect(page.getByText("Store it now: it will not be shown again")).toBeVisible();
    const secret = await page.getByTestId("revealed-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shot(page, "webhook-endpoint-secret");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Signing secret", exact: true })).toBeVisible();
    await expect(page.getByTestId("revealed-secret")).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    // A test event: its delivery appears, and the list refreshes itself until it succeeded.
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Test event sent" })).toBeVisible();
    const delivery = page.getByTestId("webhook-delivery").first();
    await expect(delivery.getByTestId("webhook-delivery-status")).toHaveText("Succeeded", {
      timeout: 60_000,
    });
    await expect.poll(() => receiver.received.length).toBe(1);
    const first = receiver.received[0]!;
    expect(signedWith(secret, first)).toBe(true);

    // Expanded: the request as sent (webhook-id is the event id) and the receiver's answer.
    await delivery.locator("button[aria-expanded]").click();
    await expect(delivery.getByTestId("request-header-webhook-id")).toHaveText(
      String(first.headers["webhook-id"]),
    );
    const payload = JSON.parse(first.body) as { type: string };
    await expect(delivery.getByTestId("webhook-payload")).toContainText(`"type": "${payload.type}"`);
    await expect(delivery.getByTestId("webhook-attempt-outcome").first()).toHaveText("HTTP 200");
    await expect(delivery.getByTestId("webhook-response-excerpt").first()).toHaveText("ok from receiver");
    await shot(page, "webhook-delivery");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: "dark" });
    await shot(page, "webhook-delivery-phone-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Redeliver: the same event (same webhook-id) reaches the receiver again.
    await delivery.getByRole("button", { name: "Redeliver" }).click();
    await expect(page.getByRole("status").filter({ hasText: "queued for delivery again" })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(2);
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);

    // Rotate: a new secret shown once; the old one keeps signing for 24 hours.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const dialog = page.getByRole("dialog", { name: "Rotate the signing secret?" });
    await expect(dialog).toContainText("The old secret keeps signing for 24 hours");
    await dialog.getByRole("button", { name: "Rotate secret" }).click();
    await expect(dialog).toBeHidden();
    const rotated = await page.getByTestId("revealed-secret").inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expect(page.getByTestId("previous-secret-expiry")).toContainText("keeps signing until");
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect.poll(() => receiver.received.length, { timeout: 60_000 }).toBe(3);
    expect(signedWith(rotated, receiver.received[2]!)).toBe(true);
    expect(signedWith(secret, receiver.received[2]!)).toBe(true);

    // A delivery failing twice waits minutes for its next retry: "Retry now" sends it at once.
    receiver.failNext(2);
    await page.getByRole("button", { name: "Send test event" }).click();
    const failing = page.getByTestId("webhook-delivery").first();
    await expect(failing).toContainText("2 attempts", { timeout: 60_000 });
    await expect(failing.getByTestId("webhook-delivery-status")).toHaveText("Pending");
    await failing.locator("button[aria-expanded]").click();
    await expect(failing.getByTestId("webhook-attempt-outcome").first()).toHaveText("HTTP 503: HTTP 503");
    await failing.getByRole("button", { name: "Retry now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "retried now" })).toBeVisible();
    await expect(failing.getByTestId("webhook-delivery-status")).toHaveText("Succeeded", { timeout: 60_000 });
    await expect(failing.getByRole("button", { name: "Retry now" })).toHaveCount(0);
    expect(receiver.received).toHaveLength(6);

    // The outcome filter lives in the URL.
    await page.getByLabel("Outcome").selectOption("succeeded");
    await expect(page).toHaveURL(/outcome=succeeded/);
    await expect(page.getByTestId("webhook-delivery").first()).toBeVisible();

    // Disabled by the merchant: the page says so and offers to enable it again.
    const settings = page.getByRole("form", { name: "Edit endpoint" });
    await settings.getByRole("switch", { name: /Enabled/ }).uncheck();
    await settings.getByRole("button", { name: "Save endpoint" }).click();
    await expect(page.getByTestId("endpoint-status")).toHaveText("Disabled");
    await expect(page.getByTestId("endpoint-disabled")).toContainText("This endpoint is disabled");
    await page.getByRole("button", { name: "Enable again" }).click();
    await expect(page.getByTestId("endpoint-status")).toHaveText("Enabled");
    await expect(page.getByTestId("endpoint-disabled")).toHaveCount(0);
    await expect(settings.getByRole("switch", { name: /Enabled/ })).toBeChecked();

    // Listed, then deleted.
    await page.getByRole("link", { name: "← Webhooks" }).click();
    const row = page.getByRole("row").filter({ hasText: receiver.url });
    await expect(row).toContainText("7 events");
    await expect(row).toContainText("Enabled");
    await shot(page, "webhooks-list");
    await row.getByRole("link").click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${endpointPath}`);
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await page
      .getByRole("dialog", { name: "Delete this endpoint?" })
      .getByRole("button", { name: "Delete endpoint" })
      .click();
    await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.dashboard}/webhooks`);
    await expect(page.getByRole("row").filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
