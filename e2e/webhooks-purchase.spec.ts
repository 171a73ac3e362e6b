// Issue 12's "done": an integrator registers an endpoint through the API with their token, a buyer
// pays in the hosted checkout (signed out, at the checkout's URL), and the integrator's receiver
// gets `order.paid` for that purchase, signed per Standard Webhooks and verified with the
// `standardwebhooks` package, its `data` equal to what GET /v1/orders/{id} answers.
import {
  createSession,
  email,
  expectSucceeded,
  fillCard,
  fillContact,
  open,
  payButton,
} from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownCatalog, ownShop } from "./own-organization";
import { signedWith, startReceiver } from "./webhook-receiver";

const shop = ownShop("webhooks-purchase");
const catalog = ownCatalog(shop);

test("an endpoint registered through the API receives order.paid for a hosted-checkout purchase", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  let endpointId: string | undefined;
  try {
    const created = await request.post("/v1/webhooks/endpoints", {
      headers: shop.auth,
      data: { url: receiver.url, events: ["order.paid"] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const endpoint = (await created.json()) as { id: string; secret: string };
    endpointId = endpoint.id;
    expect(endpoint.secret).toMatch(/^whsec_/);

    const session = await createSession(shop, { product_id: catalog.studio.id });

    await open(page, session);
    await fillContact(page, { email: email("webhook"), name: "Hook Buyer", country: "DE" });
    await page.getByLabel("Company name").fill("Hook Inc.");
    // 19 % German VAT, computed by the server after the debounced update: Pay only once it shows.
    await expect(page.getByTestId("total")).toHaveText("$58.31");
    await expect(payButton(page)).toHaveText("Pay $58.31");
    await fillCard(page);
    await payButton(page).click();
    await expectSucceeded(page);

    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const delivered = receiver.received.map((r) => ({ request: r, body: JSON.parse(r.body) }));
    const paid = delivered.find(
      (d) => d.body.type === "order.paid" && d.body.data.checkout_id === session.id,
    );
    expect(paid, "order.paid for this checkout").toBeTruthy();
    expect(signedWith(endpoint.secret, paid!.request)).toBe(true);
    expect(
      signedWith(`whsec_${Buffer.from("another secret, 24 bytes!").toString("base64")}`, paid!.request),
    ).toBe(false);
    expect(paid!.request.headers["webhook-id"]).toMatch(/\S/);
    expect(paid!.request.headers["content-type"]).toContain("application/json");

    const order = await request.get(`/v1/orders/${paid!.body.data.id}`, { headers: shop.auth });
    expect(order.status()).toBe(200);
    expect(paid!.body.data).toEqual(await order.json());
    expect(paid!.body.data.product.name).toBe("Acme Studio");
  } finally {
    if (endpointId) await request.delete(`/v1/webhooks/endpoints/${endpointId}`, { headers: shop.auth });
    await receiver.close();
  }
});
