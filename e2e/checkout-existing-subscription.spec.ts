// A buyer who already subscribes starts the subscription again on the hosted checkout: the page
// says only "check your email" (nothing that tells whoever typed the address that it subscribes),
// links to the customer portal, and nothing is charged. The first subscription is bought over the
// API with the demo token, as a merchant's integration would; the second on the page.
import type { APIRequestContext } from "@playwright/test";
import { createSession, email, fillCard, fillContact, open, payButton } from "./checkout-helpers";
import { auth, expect, test } from "./fixtures";

/** The demo's monthly product ("Acme Cloud"), from the orders the seed made for it. */
async function monthlyProductId(request: APIRequestContext): Promise<string> {
  const res = await request.get("/v1/orders/?limit=100&sorting=created_at", { headers: auth });
  const order = (await res.json()).items.find(
    (o: { product: { name: string } }) => o.product.name === "Acme Cloud",
  );
  expect(order, "the demo has an order for Acme Cloud").toBeTruthy();
  return order.product_id;
}

test("an address that already subscribes is told to check its email, with the portal's link", async ({
  page,
  request,
}) => {
  const productId = await monthlyProductId(request);
  const subscriber = email("subscriber");
  const first = await createSession(request, { product_id: productId });
  const paid = await request.post(`/v1/checkouts/custom/client/${first.client_secret}/confirm`, {
    data: {
      customer_email: subscriber,
      customer_name: "Sub Scriber",
      customer_billing_address: { country: "US", state: "US-CA" },
      confirmation_token_id: "tok_visa",
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const second = await createSession(request, { product_id: productId });
  await open(page, second);
  await fillContact(page, { email: subscriber, name: "Someone Else", country: "US", state: "CA" });
  // California's tax, computed by the server: Pay charges what the buyer saw.
  await expect(page.getByTestId("total")).toHaveText("$9.65");
  await fillCard(page);
  await payButton(page).click();

  const notice = page.getByRole("status").filter({ hasText: "Check your email" });
  await expect(notice).toBeVisible();
  await expect(page.getByText(/subscri/i).filter({ hasText: /already|active/i })).toHaveCount(0);
  const portal = notice.getByRole("link", { name: "Open the customer portal" });
  await expect(portal).toHaveAttribute("href", /^\/portal\/[a-z0-9-]+$/);
  await page.screenshot({ path: test.info().outputPath("check-email.png"), fullPage: true });

  const orders = await request.get(`/v1/orders/?checkout_id=${second.id}`, { headers: auth });
  expect((await orders.json()).pagination.total_count).toBe(0);
  const session = await request.get(`/v1/checkouts/custom/client/${second.client_secret}`);
  expect((await session.json()).status).toBe("open");
});
