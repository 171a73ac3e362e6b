// Issue 29's order page, from where a merchant begins (signed out, at the home page), in an
// organization of its own: a monthly product with a license key and a 50 % discount for 3 months,
// bought in the hosted checkout with the test card. The order page shows the payment, the key it
// issued, the timeline (created, paid, the receipt kept by the embedded outbox, the webhook delivery
// of order.paid) and "Resend receipt" (a click within a minute of the receipt sends nothing more);
// the subscription's page and the customer portal say "$25.00 / month for 3 months, then $50.00 /
// month"; the key says it expires with the subscription. Once at 375 px.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  email,
  expectSucceeded,
  fillCard,
  fillContact,
  open,
  payButton,
  type Session,
} from "./checkout-helpers";
import { shot } from "./dashboard-helpers";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "./env";
import { expect, test } from "./fixtures";

type Resource = { id: string };
type Api = {
  post: <T = Resource>(path: string, data: unknown) => Promise<T>;
  get: <T>(path: string) => Promise<T>;
};
type Order = { id: string; invoice_number: string; subscription_id: string; customer_id: string };

function tokenApi(request: APIRequestContext, token: string): Api {
  const headers = { authorization: `Bearer ${token}` };
  return {
    post: async (path, data) => {
      const res = await request.post(path, { headers, data });
      expect(res.status(), await res.text()).toBeLessThan(300);
      return res.json();
    },
    get: async (path) => {
      const res = await request.get(path, { headers });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
  };
}

/** A new organization and a token of its own, made by the signed-in merchant (session + CSRF). */
async function ownOrganization(page: Page) {
  const csrf = (await page.context().cookies()).find((c) => c.name === "dsb_csrf")!.value;
  const slug = `orderpage-${Date.now()}`;
  const created = await page.request.post("/v1/organizations/", {
    headers: { "x-csrf-token": csrf },
    data: { name: "Order Page Store", slug },
  });
  expect(created.status(), await created.text()).toBe(201);
  const organization = await created.json();
  const minted = await page.request.post("/v1/organization-access-tokens/", {
    headers: { "x-csrf-token": csrf },
    data: {
      organization_id: organization.id,
      comment: "order page spec",
      scopes: [
        "products:write",
        "benefits:write",
        "discounts:write",
        "checkouts:write",
        "orders:read",
        "subscriptions:read",
        "webhooks:write",
        "customer_sessions:write",
      ],
    },
  });
  expect(minted.status(), await minted.text()).toBe(201);
  return { slug, api: tokenApi(page.request, (await minted.json()).token as string) };
}

test("the order page shows the payment, the key, the timeline and resends the receipt", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/(?!sign-in)[^/?#]+/);
  const { slug, api } = await ownOrganization(page);

  const benefit = await api.post("/v1/benefits/", {
    type: "license_keys",
    description: "Order Page license key",
    properties: { prefix: "ORDERPAGE" },
  });
  const product = await api.post("/v1/products/", {
    name: "Order Page Cloud",
    prices: [{ type: "recurring", recurring_interval: "month", amount_type: "fixed", price_amount: 5000 }],
  });
  await api.post(`/v1/products/${product.id}/benefits`, { benefits: [benefit.id] });
  const discount = await api.post("/v1/discounts/", {
    name: "Launch",
    type: "percentage",
    basis_points: 5000,
    duration: "repeating",
    duration_in_months: 3,
  });
  // A receiver that does not exist: the delivery is recorded and retried, never delivered.
  await api.post("/v1/webhooks/endpoints", {
    url: "https://hooks.example.invalid/orders",
    events: ["order.paid"],
  });
  const session = await api.post<Session>("/v1/checkouts/custom/", {
    product_id: product.id,
    discount_id: discount.id,
  });

  const buyerEmail = email("order-page");
  const checkout = await browser.newPage();
  await open(checkout, session);
  await fillContact(checkout, { email: buyerEmail, name: "Olga Order", country: "FR" });
  await fillCard(checkout);
  await payButton(checkout).click();
  await expectSucceeded(checkout);
  await checkout.close();

  let order: Order | undefined;
  await expect(async () => {
    [order] = (await api.get<{ items: Order[] }>(`/v1/orders/?checkout_id=${session.id}`)).items;
    expect(order?.id).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  const { id: orderId, invoice_number: invoiceNumber, subscription_id: subscriptionId } = order!;

  await test.step("the order page: payment, key, timeline", async () => {
    await page.goto(`/dashboard/${slug}/orders/${orderId}`);
    await expect(page.getByRole("heading", { name: new RegExp(`Order ${invoiceNumber}`) })).toBeVisible();
    const payments = page.getByTestId("order-payments");
    await expect(payments).toContainText("Charge $25.00");
    await expect(payments).toContainText("Succeeded");
    await expect(payments).toContainText("Processor: test");
    const keys = page.getByTestId("order-license-keys");
    await expect(keys.getByRole("link", { name: /^\*\*\*\*-/ })).toBeVisible();
    await expect(keys).toContainText("Expires when the subscription ends");

    // The order's subscription with its discount, as its own page and the portal say it.
    await expect(page.getByText("$25.00 / month for 3 months, then $50.00 / month")).toBeVisible();

    const timeline = page.getByTestId("order-timeline");
    await expect(timeline.getByTestId("timeline-order_created")).toContainText("Order created");
    await expect(timeline.getByTestId("timeline-order_paid")).toContainText("Paid");
    // The worker keeps the receipt (no SMTP_URL) a moment after the order: the page reads it again.
    await expect(timeline.getByTestId("timeline-email")).toContainText("Purchase receipt");
    await expect(timeline.getByTestId("timeline-email")).toContainText("Kept (not sent)");
    await expect(timeline.getByTestId("timeline-webhook_delivery")).toContainText("order.paid");
  });

  await test.step("resend receipt: the purchase's receipt is less than a minute old, nothing more is sent", async () => {
    await page.getByRole("button", { name: "Resend receipt" }).click();
    await expect(page.getByText("A receipt was sent less than a minute ago: not sent again.")).toBeVisible();
    await expect(page.getByTestId("order-timeline").getByTestId("timeline-email")).toHaveCount(1);
  });

  await test.step("the key says what governs it", async () => {
    await page
      .getByTestId("order-license-keys")
      .getByRole("link", { name: /^\*\*\*\*-/ })
      .click();
    await expect(page.getByTestId("license-key-expires")).toContainText(
      "Expires when the subscription ends (renews on",
    );
  });

  await test.step("the subscription's page shows the discounted price and when it ends", async () => {
    await page.goto(`/dashboard/${slug}/subscriptions/${subscriptionId}`);
    await expect(page.getByTestId("subscription-price")).toHaveText(
      "$25.00 / month for 3 months, then $50.00 / month",
    );
  });

  await test.step("the merchant moves the renewal date from the subscription's page", async () => {
    const before = await api.get<{ current_period_end: string }>(`/v1/subscriptions/${subscriptionId}`);
    const day = new Date(Date.parse(before.current_period_end) + 40 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole("button", { name: "Change dates" }).click();
    const dialog = page.getByRole("dialog", { name: "Change the renewal date?" });
    await dialog.getByLabel("Renews on").fill(day);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Dates changed" })).toBeVisible();
    await expect(dialog).toBeHidden();
    const after = await api.get<{ current_period_end: string }>(`/v1/subscriptions/${subscriptionId}`);
    expect(after.current_period_end).toBe(`${day}${before.current_period_end.slice(10)}`);
  });

  await test.step("at 375 px the order page's new parts fit", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/dashboard/${slug}/orders/${orderId}`);
    for (const id of ["order-payments", "order-license-keys", "order-timeline"]) {
      const part = page.getByTestId(id);
      await expect(part).toBeVisible();
      const overflow = await part.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${id} fits its card`).toBeLessThanOrEqual(0);
    }
    await shot(page, "order-page-375");
  });

  await test.step("the customer portal says the same", async () => {
    const customerSession = await api.post<{ customer_portal_url: string }>("/v1/customer-sessions/", {
      customer_id: order!.customer_id,
    });
    const url = new URL(customerSession.customer_portal_url);
    const portal = await browser.newPage({ viewport: { width: 375, height: 780 } });
    await portal.goto(`${url.pathname}${url.search}`);
    await expect(portal.getByTestId("portal-discount-line")).toHaveText(
      "$25.00 / month for 3 months, then $50.00 / month",
    );
    await expect(portal.getByText(/Expires when the subscription ends \(renews on/)).toBeVisible();
    await expect(portal.getByText("Never expires")).toHaveCount(0);
    await portal.close();
  });
});
