// The hosted checkout page in a real browser against the real server and database: a buyer's
// purchases in an organization of this spec's own with the demo's catalog (sessions created through
// the API with its token: ./own-organization.ts), the error
// paths, accessibility by keyboard, a phone screen, and the page's security headers. Every test
// fails on a Content-Security-Policy violation or an uncaught page error.
import type { APIRequestContext, Page } from "@playwright/test";
import {
  createSession,
  email,
  expectSucceeded,
  fillCard,
  fillContact,
  open,
  payButton,
  type Session,
} from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { ownCatalog, ownShop } from "./own-organization";

/**
 * Seeded by lib/seed/demo.ts (DEMO_EXPIRED_CHECKOUT_SECRET): the one demo page this spec opens, as
 * a buyer would any link. The API cannot make a session that expired an hour ago, and the page
 * needs nothing of the organization behind it.
 */
const EXPIRED_SECRET = "cs_demo_expired";

const shop = ownShop("checkout");
const catalog = ownCatalog(shop);

async function ordersOf(request: APIRequestContext, checkoutId: string) {
  const res = await request.get(`/v1/orders/?checkout_id=${checkoutId}`, { headers: shop.auth });
  expect(res.status()).toBe(200);
  return res.json();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test.describe("hosted checkout", () => {
  test("one-time purchase: tax follows the country, the license key is shown at the end", async ({
    page,
    request,
  }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    const sent: { url: string; body: string; headers: Record<string, string> }[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/v1/"))
        sent.push({ url: r.url(), body: r.postData() ?? "", headers: r.headers() });
    });
    await open(page, session);
    await expect(page.getByRole("heading", { level: 1, name: "Acme Studio" })).toBeVisible();
    await expect(page.getByText("License key for Acme Studio")).toBeVisible();
    await expect(page.getByText("Acme Software").first()).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText("$49.00");
    await shot(page, "01-open");

    await fillContact(page, { email: email("studio"), name: "Jane Doe", country: "DE" });
    await page.getByLabel("Company name").fill("Jane GmbH");
    // 19 % German VAT, computed by the server after the debounced update.
    await expect(page.getByTestId("total")).toHaveText("$58.31");
    await expect(payButton(page)).toHaveText("Pay $58.31");
    await fillCard(page);
    await shot(page, "02-filled");

    await payButton(page).click();
    await expectSucceeded(page);
    const key = page.getByTestId("license-key");
    await expect(key).toHaveText(/^ACME-[0-9A-F-]{36}$/);
    await expect(page.getByText("Write to support@acme.test with your order number.")).toBeVisible();
    await expect(page.getByText(/Valid until .*up to 3 activations/)).toBeVisible();
    await shot(page, "03-succeeded");

    // The card number never left the browser: confirm carried the test processor's token.
    expect(sent.length).toBeGreaterThan(1);
    for (const { body } of sent) expect(body).not.toMatch(/4242 ?4242|12\/34/);
    const confirm = sent.find((r) => r.url.endsWith("/confirm"))!;
    expect(JSON.parse(confirm.body)).toMatchObject({
      confirmation_token_id: "tok_visa",
      customer_name: "Jane Doe",
    });
    expect(confirm.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);

    const orders = await ordersOf(request, session.id);
    expect(orders.pagination.total_count).toBe(1);
    expect(orders.items[0]).toMatchObject({
      amount: 4900,
      tax_amount: 931,
      billing_reason: "purchase",
      custom_field_data: { company: "Jane GmbH" },
      billing_address: { country: "DE" },
    });
    const keys = await request.get(`/v1/license-keys?customer_id=${orders.items[0].customer_id}`, {
      headers: shop.auth,
    });
    expect((await keys.json()).items.map((k: { key: string }) => k.key)).toEqual([await key.textContent()]);

    // Coming back later shows the same confirmation, also at the default success_url.
    const shown = (await key.textContent())!;
    await page.reload();
    await expectSucceeded(page);
    await expect(page.getByTestId("license-key")).toHaveText(shown);
    await page.goto(`${session.url}/confirmation`);
    await expect(page.getByTestId("license-key")).toHaveText(shown);
  });

  test("monthly subscription with a state's tax", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.cloud.id });
    await open(page, session);
    await expect(page.getByText("$9.00 / month").first()).toBeVisible();
    await fillContact(page, { email: email("cloud"), name: "Sam Buyer", country: "US" });
    await expect(page.getByLabel("State")).toBeVisible();
    await page.getByLabel("State").selectOption("CA");
    // California: 7.25 % of $9.00.
    await expect(page.getByTestId("total")).toHaveText("$9.65");
    await expect(payButton(page)).toHaveText("Subscribe · $9.65 / month");
    await expect(page.getByText("Renews every month until you cancel.")).toBeVisible();
    await fillCard(page);
    await payButton(page).click();
    await expectSucceeded(page);
    await expect(page.getByText("Every month, until you cancel")).toBeVisible();
    await shot(page, "subscription-succeeded");

    const [order] = (await ordersOf(request, session.id)).items;
    expect(order).toMatchObject({
      amount: 900,
      tax_amount: 65,
      billing_reason: "subscription_create",
      subscription: { status: "active", recurring_interval: "month" },
    });
  });

  test("a first-period discount says what month 2 costs; the confirmation shows the order number and its receipt", async ({
    page,
    request,
  }) => {
    const session = await createSession(shop, { product_id: catalog.cloud.id });
    await open(page, session);
    await fillContact(page, { email: email("launch"), name: "Sam Buyer", country: "US", state: "CA" });
    await page.getByLabel("Discount code").fill("launch20");
    await page.getByRole("button", { name: "Apply" }).click();
    // 20 % off $9.00 once, plus California's 7.25 %: $7.72 now; then $9.00 plus tax.
    await expect(page.getByTestId("total")).toHaveText("$7.72");
    await expect(page.getByTestId("discount-disclosure")).toHaveText("$7.72 today, then $9.65 / month");
    await expect(payButton(page)).toHaveText("Subscribe · $7.72 today, then $9.65 / month");
    await shot(page, "first-period-discount");
    await fillCard(page);
    await payButton(page).click();
    await expectSucceeded(page);
    await expect(page.getByText("$7.72 today, then $9.65 / month, until you cancel")).toBeVisible();

    const [order] = (await ordersOf(request, session.id)).items;
    expect(order.invoice_number).toMatch(/^[A-Z0-9]+-\d{4,}$/);
    await expect(page.getByTestId("invoice-number")).toHaveText(order.invoice_number);
    await shot(page, "confirmation-with-receipt");

    const [receipt] = await Promise.all([
      page.context().waitForEvent("page"),
      page.getByRole("link", { name: "View your receipt" }).click(),
    ]);
    await expect(receipt.getByTestId("receipt-number")).toHaveText(order.invoice_number);
    await expect(receipt.getByText("Launch week")).toBeVisible();
    await expect(receipt.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await receipt.screenshot({ path: test.info().outputPath("receipt.png"), fullPage: true });
    const pdf = await request.get(`${receipt.url()}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(
      `inline; filename="receipt-${order.invoice_number}.pdf"`,
    );
    expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // A forged link is a 404 page.
    const forged = await receipt.goto(receipt.url().replace(/.$/, (c) => (c === "A" ? "B" : "A")));
    expect(forged?.status()).toBe(404);
    await expect(receipt.getByRole("heading", { name: "Receipt not found" })).toBeVisible();
  });

  test("a free trial: nothing due today, the card saved; a second trial is declined and the buyer subscribes at once", async ({
    page,
    request,
  }) => {
    const trial = { product_id: catalog.cloud.id, trial_interval: "day", trial_interval_count: 14 };
    const buyer = email("trial");
    const first = await createSession(shop, trial);
    await open(page, first);
    await fillContact(page, { email: buyer, name: "Tia Trial", country: "US", state: "CA" });
    await expect(page.getByTestId("trial-disclosure")).toHaveText("Free for 14 days, then $9.65 / month");
    await expect(page.getByTestId("total")).toHaveText("$0.00");
    await expect(page.getByText(/^Cancel before .+ and you will not be charged\.$/)).toBeVisible();
    await expect(payButton(page)).toHaveText("Start free trial");
    await fillCard(page);
    await payButton(page).click();
    await expectSucceeded(page);
    const [order] = (await ordersOf(request, first.id)).items;
    expect(order).toMatchObject({ amount: 0, subscription: { status: "trialing" } });

    // Ended, so only the trial stands in the way of the same buyer's second one.
    const revoked = await request.delete(`/v1/subscriptions/${order.subscription.id}`, {
      headers: shop.auth,
    });
    expect(revoked.status()).toBe(200);
    const second = await createSession(shop, trial);
    await open(page, second);
    await fillContact(page, { email: buyer, name: "Tia Trial", country: "US", state: "CA" });
    // As the buyer reads it: the price after the trial, with California's tax.
    await expect(page.getByTestId("trial-disclosure")).toHaveText("Free for 14 days, then $9.65 / month");
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByText("You have already had a free trial.", { exact: false })).toBeVisible();
    await expect(payButton(page)).toHaveText("Subscribe · $9.65 / month");
    await expect(page.getByTestId("trial-disclosure")).toHaveCount(0);
    await payButton(page).click();
    await expectSucceeded(page);
    const [paid] = (await ordersOf(request, second.id)).items;
    expect(paid).toMatchObject({ amount: 900, subscription: { status: "active" } });
  });

  test("a 100 % discount code removes the card form", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    await expect(page.getByLabel("Card number")).toBeVisible();
    await page.getByLabel("Discount code").fill("friends100");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("You save $49.00", { exact: true })).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText("$0.00");
    await expect(page.getByLabel("Card number")).toHaveCount(0);
    await expect(payButton(page)).toHaveText("Complete order");
    await shot(page, "free-with-code");

    await page.getByLabel("Email").fill(email("free"));
    await page.getByLabel("Company name").fill("Free Labs");
    await payButton(page).click();
    await expectSucceeded(page);
    await expect(page.getByTestId("license-key")).toHaveText(/^ACME-/);
    const [order] = (await ordersOf(request, session.id)).items;
    expect(order).toMatchObject({ amount: 0, discount: { code: "FRIENDS100" } });
  });

  test("a declined card says so and the buyer retries with another card", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    const attempts: { key?: string; token?: string }[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/confirm")) {
        attempts.push({ key: r.headers()["idempotency-key"], token: r.postDataJSON().confirmation_token_id });
      }
    });
    await open(page, session);
    await fillContact(page, { email: email("declined"), name: "Dee Clined", country: "FR" });
    await page.getByLabel("Company name").fill("Declined SA");
    await fillCard(page, "4000 0000 0000 0002");
    await payButton(page).click();
    const alert = page.getByRole("alert").filter({ hasText: "Your card was declined." });
    await expect(alert).toHaveText("Your card was declined. Please try another card.");
    await expect(page.getByLabel("Card number")).toBeFocused();
    await expect(page.getByLabel("Card number")).toHaveAttribute("aria-invalid", "true");
    await expect(payButton(page)).toBeEnabled();
    await shot(page, "declined");

    await page.getByLabel("Card number").fill("4000 0000 0000 9995");
    await payButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "insufficient funds" })).toBeVisible();

    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await payButton(page).click();
    await expectSucceeded(page);
    expect((await ordersOf(request, session.id)).pagination.total_count).toBe(1);
    // One idempotency key per attempt, and the token of each card.
    expect(attempts.map((a) => a.token)).toEqual([
      "tok_chargeDeclined",
      "tok_chargeDeclinedInsufficientFunds",
      "tok_visa",
    ]);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(3);
  });

  test("typing is never lost or reverted while updates come back", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    // Slow answers, so several land while the buyer is still typing (at a person's pace, below).
    // The delay is the subject: a network's latency against keystrokes, not a wait of the test.
    await page.route(`**/v1/checkouts/custom/client/${session.client_secret}`, async (route) => {
      if (route.request().method() === "PATCH") await new Promise((r) => setTimeout(r, 300));
      await route.continue();
    });
    await open(page, session);
    const name = page.getByLabel("Full name");
    await name.pressSequentially("Jonathan Livingston Seagull", { delay: 90 });
    await page.getByLabel("Country").selectOption("DE");
    await page.getByLabel("City").pressSequentially("Frankfurt am Main", { delay: 60 });
    await expect(name).toHaveValue("Jonathan Livingston Seagull");
    await expect(page.getByLabel("City")).toHaveValue("Frankfurt am Main");
    await expect(page.getByTestId("total")).toHaveText("$58.31");
    await expect
      .poll(async () => {
        const read = await (await request.get(`/v1/checkouts/custom/client/${session.client_secret}`)).json();
        return [read.customer_name, read.customer_billing_address?.city];
      })
      .toEqual(["Jonathan Livingston Seagull", "Frankfurt am Main"]);
  });

  test("a required custom field left empty is pointed out, then the purchase goes through", async ({
    page,
    request,
  }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    const company = page.getByLabel("Company name");
    await expect(company).toHaveAttribute("required", "");
    await fillContact(page, { email: email("fields"), name: "Fie Eld", country: "NL" });
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByText("Company name is required.", { exact: true })).toBeVisible();
    await expect(company).toBeFocused();
    await expect(company).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toHaveText(
      "There is a problem: Company name is required.",
    );
    await shot(page, "custom-field-missing");
    // Nothing was confirmed.
    const read = await request.get(`/v1/checkouts/custom/client/${session.client_secret}`);
    expect((await read.json()).status).toBe("open");

    await company.fill("J");
    await payButton(page).click();
    await expect(page.getByText("Enter at least 2 characters.", { exact: true })).toBeVisible();
    await company.fill("Jane BV");
    await expect(page.getByText("Enter at least 2 characters.", { exact: true })).toHaveCount(0);
    await payButton(page).click();
    await expectSucceeded(page);
    const [order] = (await ordersOf(request, session.id)).items;
    expect(order.custom_field_data).toEqual({ company: "Jane BV" });
  });

  test("problems the server reports (422 locs) appear at their fields", async ({ page }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await page.route("**/confirm", (route) =>
      route.fulfill({
        status: 422,
        json: {
          error: "RequestValidationError",
          detail: [
            { type: "value_error", loc: ["body", "customer_email"], msg: "bad address", input: "x" },
            {
              type: "string_too_long",
              loc: ["body", "custom_field_data", "company"],
              msg: "at most 100",
              input: "x",
            },
            {
              type: "value_error",
              loc: ["body", "discount_id"],
              msg: "Discount is no longer redeemable.",
              input: "x",
            },
          ],
        },
      }),
    );
    await open(page, session);
    await fillContact(page, { email: email("server422"), name: "Ser Ver", country: "SE" });
    await page.getByLabel("Company name").fill("Server Labs");
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByText("Enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(page.getByText("Enter at most 100 characters.")).toBeVisible();
    await expect(
      page.getByRole("alert").filter({ hasText: "Discount is no longer redeemable." }),
    ).toBeVisible();
    await expect(page.getByLabel("Email")).toBeFocused();
  });

  test("applying and removing discount codes updates the summary", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    const code = page.getByLabel("Discount code");
    await code.fill("NOPE");
    await code.press("Enter");
    await expect(page.getByText("Discount code is not valid.")).toBeVisible();
    await expect(code).toHaveAttribute("aria-invalid", "true");

    await code.fill("launch20");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Discount (LAUNCH20)")).toBeVisible();
    await expect(page.getByText("−$9.80")).toBeVisible();
    await expect(page.getByText("You save $9.80", { exact: true })).toBeVisible();
    await expect(page.getByTestId("total")).toHaveText("$39.20");
    await shot(page, "discount-applied");

    await page.getByRole("button", { name: "Remove discount code LAUNCH20" }).click();
    await expect(page.getByText("Discount (LAUNCH20)")).toHaveCount(0);
    await expect(page.getByTestId("total")).toHaveText("$49.00");
    await expect(page.getByLabel("Discount code")).toBeVisible();
    const read = await request.get(`/v1/checkouts/custom/client/${session.client_secret}`);
    expect(await read.json()).toMatchObject({ discount: null, discount_amount: 0, total_amount: 4900 });

    await page.getByLabel("Discount code").fill("FIVEOFF");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("total")).toHaveText("$44.00");
  });

  test("a merchant's fixed discount cannot be removed, and codes can be switched off", async ({
    page,
    request,
  }) => {
    // The merchant applies LAUNCH20 by id through the API: the buyer sees it, without Remove.
    const probe = await createSession(shop, { product_id: catalog.studio.id });
    const patched = await request.patch(`/v1/checkouts/custom/client/${probe.client_secret}`, {
      data: { discount_code: "LAUNCH20" },
    });
    const discountId = (await patched.json()).discount_id;
    const session = await createSession(shop, {
      product_id: catalog.studio.id,
      discount_id: discountId,
      allow_discount_codes: false,
    });
    await open(page, session);
    await expect(page.getByText("You save $9.80", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: /Remove discount/ })).toHaveCount(0);
    await expect(page.getByLabel("Discount code")).toHaveCount(0);

    const noCodes = await createSession(shop, {
      product_id: catalog.studio.id,
      allow_discount_codes: false,
    });
    await open(page, noCodes);
    await expect(page.getByLabel("Discount code")).toHaveCount(0);
  });

  test("an expired session says so, on the server's word and on the buyer's clock", async ({ page }) => {
    const res = await page.goto(`/checkout/${EXPIRED_SECRET}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "This checkout has expired" })).toBeVisible();
    await expect(page.getByText("No payment was taken.")).toBeVisible();
    await expect(payButton(page)).toHaveCount(0);
    await shot(page, "expired");

    // A page left open past expires_at turns into the expired page by itself.
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await page.clock.install();
    await open(page, session);
    await page.clock.fastForward(61 * 60_000);
    await expect(page.getByRole("heading", { name: "This checkout has expired" })).toBeVisible();
  });

  test("a pay-what-you-want amount below the minimum is refused, then a fair one is paid", async ({
    page,
    request,
  }) => {
    const session: Session = await createSession(shop, { product_id: catalog.icons.id });
    await open(page, session);
    await expect(page.getByText("Pay what you want").first()).toBeVisible();
    const amount = page.getByLabel("Amount");
    await expect(amount).toHaveValue("15.00");
    await expect(page.getByText("Minimum $3.00, maximum $500.00.")).toBeVisible();

    await amount.fill("2");
    await amount.press("Tab");
    await expect(page.getByText("Enter at least $3.00.")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await fillContact(page, { email: email("pwyw"), name: "Pay Whatyouwant", country: "JP" });
    await fillCard(page);
    await payButton(page).click();
    await expect(amount).toBeFocused();
    await shot(page, "pwyw-below-minimum");
    // The page never sent the refused amount; the API refuses it too, at the same loc.
    const read = await request.get(`/v1/checkouts/custom/client/${session.client_secret}`);
    expect((await read.json()).amount).toBe(1500);
    const refused = await request.patch(`/v1/checkouts/custom/client/${session.client_secret}`, {
      data: { amount: 200 },
    });
    expect(refused.status()).toBe(422);
    expect((await refused.json()).detail[0]).toMatchObject({
      loc: ["body", "amount"],
      type: "greater_than_equal",
    });

    await amount.fill("25");
    await expect(page.getByTestId("total")).toHaveText("$25.00");
    await payButton(page).click();
    await expectSucceeded(page);
    await expect(page.getByText("Priority email support")).toBeVisible();
    const [order] = (await ordersOf(request, session.id)).items;
    expect(order.amount).toBe(2500);
  });

  test("a total that changes as Pay is pressed is shown to the buyer before anything is charged", async ({
    page,
    request,
  }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    await fillContact(page, { email: email("late"), name: "Late Change" });
    await page.getByLabel("Company name").fill("Late GmbH");
    await fillCard(page);
    // The update carrying the new country (and its tax) is held until Pay has been pressed.
    let releaseUpdate!: () => void;
    const updateHeld = new Promise<void>((resolve) => (releaseUpdate = resolve));
    let updateSent = false;
    await page.route(`**/v1/checkouts/custom/client/${session.client_secret}`, async (route) => {
      if (route.request().method() === "PATCH") {
        updateSent = true;
        await updateHeld;
      }
      await route.continue();
    });
    let confirms = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/confirm")) confirms++;
    });
    await page.getByLabel("Country").selectOption("DE");
    await expect(payButton(page)).toHaveText("Pay $49.00");
    await expect.poll(() => updateSent).toBe(true);
    await payButton(page).click();
    releaseUpdate();
    await expect(page.getByRole("alert").filter({ hasText: "Your total is now" })).toHaveText(
      "Your total is now $58.31. Please check it and try again.",
    );
    await expect(payButton(page)).toHaveText("Pay $58.31");
    await expect(payButton(page)).toBeFocused();
    expect(confirms).toBe(0);
    await payButton(page).click();
    await expectSucceeded(page);
    expect(confirms).toBe(1);
    const [order] = (await ordersOf(request, session.id)).items;
    expect(order).toMatchObject({ amount: 4900, tax_amount: 931 });
  });

  test("double-clicking Pay confirms once and creates one order", async ({ page, request }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    let confirms = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/confirm")) confirms++;
    });
    await open(page, session);
    await fillContact(page, { email: email("double"), name: "Dub Bel", country: "DE" });
    await expect(page.getByTestId("total")).toHaveText("$58.31");
    await page.getByLabel("Company name").fill("Double GmbH");
    await fillCard(page);
    await payButton(page).dblclick();
    await expectSucceeded(page);
    expect(confirms).toBe(1);
    expect((await ordersOf(request, session.id)).pagination.total_count).toBe(1);
  });

  test("a purchase can be completed with the keyboard alone, in a sensible focus order", async ({ page }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    const order: [string, () => Promise<void>][] = [
      ["Discount code", async () => {}],
      ["Apply", async () => {}],
      ["Email", () => page.keyboard.type(email("keyboard"))],
      ["Full name", () => page.keyboard.type("Kay Board")],
      ["Country", () => page.keyboard.type("Germany")],
      ["Address", async () => {}],
      ["City", async () => {}],
      ["Postal code", async () => {}],
      ["Tax ID", async () => {}],
      ["Company name", () => page.keyboard.type("Keys GmbH")],
      ["Card number", () => page.keyboard.type("4242424242424242")],
      ["Expiry (MM/YY)", () => page.keyboard.type("1234")],
      ["CVC", () => page.keyboard.type("123")],
    ];
    for (const [label, act] of order) {
      await page.keyboard.press("Tab");
      const target = label === "Apply" ? page.getByRole("button", { name: "Apply" }) : page.getByLabel(label);
      await expect(target, `Tab reaches ${label}`).toBeFocused();
      await act();
    }
    await expect(page.getByLabel("Country")).toHaveValue("DE");
    await expect(page.getByLabel("Card number")).toHaveValue("4242 4242 4242 4242");
    await expect(page.getByLabel("Expiry (MM/YY)")).toHaveValue("12/34");
    // Germany's VAT, from the country chosen by keyboard.
    await expect(page.getByTestId("total")).toHaveText("$58.31");
    await page.keyboard.press("Tab");
    await expect(payButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await expectSucceeded(page);
    // Focus moved to the news, so a screen reader reads it.
    await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeFocused();
  });

  test("the merchant's success_url takes over after the confirmation", async ({ page }) => {
    await page.route("http://merchant.test/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<h1>Thanks from the merchant</h1>" }),
    );
    const session = await createSession(shop, {
      product_id: catalog.studio.id,
      success_url: "http://merchant.test/thanks?checkout={CHECKOUT_ID}",
    });
    await open(page, session);
    await fillContact(page, { email: email("redirect"), name: "Red Irect", country: "IT" });
    await page.getByLabel("Company name").fill("Redirect AG");
    await fillCard(page);
    await payButton(page).click();
    await expectSucceeded(page);
    await expect(page.getByTestId("license-key")).toHaveText(/^ACME-/);
    await expect(page.getByText(/Taking you to merchant\.test in \d s/)).toBeVisible();
    await shot(page, "redirect-countdown");
    await page.waitForURL(`http://merchant.test/thanks?checkout=${session.id}`);
  });

  test("processing and failed sessions each have their page", async ({ page }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    let forced: "confirmed" | "failed" = "confirmed";
    await page.route("**/v1/checkouts/custom/client/*", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const response = await route.fetch();
      const json = await response.json();
      if (json.status !== "open") json.status = forced;
      await route.fulfill({ response, json });
    });
    await open(page, session);
    await fillContact(page, { email: email("failed"), name: "Fay Led", country: "AT" });
    await page.getByLabel("Company name").fill("Failed KG");
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByRole("heading", { name: "Processing your order…" })).toBeVisible();
    await shot(page, "processing");
    forced = "failed";
    await expect(page.getByRole("heading", { name: "We couldn't complete your order" })).toBeVisible();
    await expect(page.getByRole("link", { name: "sales@acme.test" })).toBeVisible();
    await shot(page, "failed");
  });

  test("an unknown secret is a 404 page", async ({ page }) => {
    const res = await page.goto("/checkout/cs_does_not_exist");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Checkout not found" })).toBeVisible();
    await shot(page, "not-found");
  });

  test("security headers: nonce CSP without third-party script, no framing, no referrer", async ({
    request,
  }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    const res = await request.get(session.url);
    const headers = res.headers();
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    expect(scriptSrc).toMatch(/^ ?script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}' 'strict-dynamic'$/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    // X-Frame-Options cannot name an origin, so the checkout relies on frame-ancestors alone.
    expect(headers["x-frame-options"]).toBeUndefined();
    // Every other page and route gets static headers (next.config.js).
    const home = (await request.get("/")).headers();
    expect(home["content-security-policy"]).toBe("frame-ancestors 'none'");
    expect(home["x-frame-options"]).toBe("DENY");
    expect(home["x-content-type-options"]).toBe("nosniff");
    // Every script tag carries this request's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    const scripts = html.match(/<script[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new request, a new nonce.
    const again = (await request.get(session.url)).headers()["content-security-policy"];
    expect(again).not.toContain(nonce!);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("one column, nothing wider than the screen, and a purchase completes", async ({ page }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    const product = await page.getByRole("heading", { level: 1 }).boundingBox();
    const emailBox = await page.getByLabel("Email").boundingBox();
    expect(product!.y).toBeLessThan(emailBox!.y);
    expect(Math.abs(product!.x - emailBox!.x)).toBeLessThan(8);
    await shot(page, "phone-open");

    await fillContact(page, { email: email("phone"), name: "Mo Bile", country: "CA", state: "QC" });
    await page.getByLabel("Company name").fill("Mobile Inc.");
    await fillCard(page);
    await payButton(page).tap();
    await expectSucceeded(page);
    await expect(page.getByTestId("license-key")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, "phone-succeeded");
  });
});

test.describe("in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the page follows the system's dark scheme", async ({ page }) => {
    const session = await createSession(shop, { product_id: catalog.studio.id });
    await open(page, session);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    // zinc-950, not white.
    expect(background).not.toBe("rgb(255, 255, 255)");
    await shot(page, "dark-open");
  });
});
