// A buyer who already subscribes starts the subscription again on the hosted checkout: the page
// says only "check your email" (nothing that tells whoever typed the address that it subscribes),
// links to the customer portal, and nothing is charged. The first subscription is bought over the
// API with the token of this spec's own organization, as a merchant's integration would; the second
// on the page.
import { createSession, email, fillCard, fillContact, open, payButton } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("returning-buyer");
const catalog = ownCatalog(shop);

test("an address that already subscribes is told to check its email, with the portal's link", async ({
  page,
  request,
}) => {
  const productId = catalog.cloud.id;
  const subscriber = email("subscriber");
  const first = await createSession(shop, { product_id: productId });
  const paid = await request.post(`/v1/checkouts/custom/client/${first.client_secret}/confirm`, {
    data: {
      customer_email: subscriber,
      customer_name: "Sub Scriber",
      customer_billing_address: { country: "US", state: "US-CA" },
      confirmation_token_id: "tok_visa",
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);

  const second = await createSession(shop, { product_id: productId });
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

  const orders = await request.get(`/v1/orders/?checkout_id=${second.id}`, { headers: shop.auth });
  expect((await orders.json()).pagination.total_count).toBe(0);
  const session = await request.get(`/v1/checkouts/custom/client/${second.client_secret}`);
  expect((await session.json()).status).toBe("open");
});
