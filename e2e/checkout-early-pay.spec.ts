// Pay works from the first paint (issue 10): a buyer on a slow device fills the form and presses
// Pay before the page's JavaScript has run. The press is held (no native submit: the page does not
// reload and nothing typed is lost), and once the page hydrates it takes over what was typed and
// pays, once. Here the page's JavaScript is held back until the buyer has pressed Pay.
import type { Page } from "@playwright/test";
import { createSession, email, expectSucceeded, fillCard, fillContact, payButton } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("early-pay");
const catalog = ownCatalog(shop);

/** Holds every script of the page (the buyer's device has not run them yet) until released. */
async function holdPageScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.*\.js(\?.*)?$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The bodies of the confirms the page sends, as they are sent. */
function confirmBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST" && r.url().endsWith("/confirm")) bodies.push(r.postData() ?? "");
  });
  return bodies;
}

test("Pay pressed before the page hydrated is held, then paid with what was typed", async ({
  page,
  request,
}) => {
  const session = await createSession(shop, { product_id: catalog.studio.id });
  const release = await holdPageScripts(page);
  const confirms = confirmBodies(page);

  await page.goto(session.url, { waitUntil: "commit" });
  const form = page.locator("form[data-checkout-form]");
  await expect(payButton(page)).toBeEnabled();
  await expect(form).toHaveAttribute("data-hydrated", "false");

  const buyer = email("early");
  // France: no tax in this organization, so the total the buyer saw ($49.00) is the one charged.
  await fillContact(page, { email: buyer, name: "Early Bird", country: "FR" });
  await page.getByLabel("Company name").fill("Early SARL");
  await fillCard(page);
  await payButton(page).click();
  await expect(form).toHaveAttribute("data-pay-queued", "");
  // Held, not submitted natively: same page, nothing sent, still not hydrated.
  expect(page.url()).toBe(session.url);
  expect(confirms).toEqual([]);
  await expect(form).toHaveAttribute("data-hydrated", "false");

  release();
  await expectSucceeded(page);
  expect(confirms).toHaveLength(1);
  // The card number never left the browser; the test processor's token did.
  expect(confirms[0]).not.toMatch(/4242 ?4242/);
  expect(JSON.parse(confirms[0]!)).toMatchObject({
    customer_email: buyer,
    customer_name: "Early Bird",
    confirmation_token_id: "tok_visa",
  });

  const res = await request.get(`/v1/orders/?checkout_id=${session.id}`, { headers: shop.auth });
  const [order] = (await res.json()).items;
  expect(order).toMatchObject({
    amount: 4900,
    tax_amount: 0,
    billing_address: { country: "FR" },
    customer: { email: buyer, name: "Early Bird" },
  });
  expect(Object.values(order.custom_field_data)).toEqual(["Early SARL"]);
});

test("a press before hydration never charges a total the buyer did not see", async ({ page }) => {
  const session = await createSession(shop, { product_id: catalog.studio.id });
  const release = await holdPageScripts(page);
  const confirms = confirmBodies(page);

  await page.goto(session.url, { waitUntil: "commit" });
  await expect(page.getByTestId("total")).toHaveText("$49.00");
  // Germany's 19 % VAT is added by the server once the page can send the country.
  await fillContact(page, { email: email("early-de"), name: "Frühe Vogel", country: "DE" });
  await page.getByLabel("Company name").fill("Früh GmbH");
  await fillCard(page);
  await payButton(page).click();
  release();

  await expect(page.getByText("Your total is now $58.31. Please check it and try again.")).toBeVisible();
  expect(confirms).toEqual([]);
  await expect(payButton(page)).toHaveText("Pay $58.31");
  await payButton(page).click();
  await expectSucceeded(page);
  expect(confirms).toHaveLength(1);
});
