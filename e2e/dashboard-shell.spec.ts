// The dashboard's frame as a new merchant meets it: grouped navigation (and the phone's menu), the
// sidebar staying in view, the frame shown while the session loads, the search box ("/") over
// customers, orders and license keys, and the onboarding checklist of an empty organization.
// Every test starts signed out and makes its own organizations (e2e/own-organization.ts).
import type { Page } from "@playwright/test";
import { signIn, shot } from "./dashboard-helpers";
import { DEMO_ACCESS_TOKEN } from "./env";
import { expect, test } from "./fixtures";
import { createOneOfEverything, unique } from "./one-of-everything";
import { createShop, type Shop } from "./own-organization";

const searchBox = (page: Page) =>
  page.getByRole("searchbox", { name: "Find a customer, order or license key" });
const results = (page: Page) => page.getByRole("region", { name: "Find results" });
const checklist = (page: Page) => page.getByRole("region", { name: "Get started" });
const step = (page: Page, title: string) => checklist(page).getByRole("listitem").filter({ hasText: title });

/** The organizations a test made, let go after it. */
const made: Shop[] = [];
test.afterEach(async () => {
  await Promise.all(made.splice(0).map((shop) => shop.dispose()));
});

/** A new organization of the merchant's own, made through the API. */
async function newShop(tag: string) {
  const shop = await createShop(tag);
  made.push(shop);
  return shop;
}

/** With a new organization of one's own: signed out at the home page, then signed in. */
async function startInOwnOrganization(page: Page, tag: string) {
  const shop = await newShop(tag);
  await page.goto("/");
  await signIn(page);
  return { shop, base: shop.dashboard };
}

/** Types into the search box and waits for the answer to that text. */
async function searchFor(page: Page, text: string) {
  const answered = page.waitForResponse(
    (res) =>
      res.url().includes("/v1/search?") && new URL(res.url()).searchParams.get("query") === text.trim(),
  );
  await searchBox(page).fill(text);
  const res = await answered;
  expect(res.status()).toBe(200);
  await expect(results(page)).toBeVisible();
  await expect(results(page)).toHaveAttribute("aria-busy", "false");
  return res;
}

test("grouped navigation, a sidebar that stays in view, and the frame while the session loads", async ({
  page,
}) => {
  const { shop, base } = await startInOwnOrganization(page, "nav");

  // A full page load: the frame (navigation, a placeholder for the organization switcher) is there
  // while the session is still on its way.
  let releaseSession!: () => void;
  const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
  await page.route("**/v1/auth/session", async (route) => {
    await sessionHeld;
    await route.continue();
  });
  await page.goto(`${base}/orders`);
  const nav = page.getByRole("navigation", { name: "Dashboard" });
  await expect(nav.getByRole("link", { name: "Orders" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status", { name: "Loading" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Organization" })).toHaveCount(0);
  releaseSession();
  await expect(page.getByRole("combobox", { name: "Organization" })).toHaveValue(shop.slug);
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await page.unroute("**/v1/auth/session");

  const groups = await nav
    .locator("ul")
    .evaluateAll((lists) =>
      lists.map((list) => [
        list.getAttribute("aria-labelledby")
          ? document.getElementById(list.getAttribute("aria-labelledby")!)!.textContent
          : "",
        [...list.querySelectorAll("a")].map((a) => a.textContent),
      ]),
    );
  expect(groups).toEqual([
    ["Sales", ["Overview", "Orders", "Subscriptions", "Checkouts"]],
    ["Catalog", ["Products", "Benefits", "Discounts", "Custom fields", "Checkout links"]],
    ["Customers", ["Customers", "License keys"]],
    ["Developers", ["Access tokens", "Webhooks", "API reference", "Emails"]],
    ["", ["Settings"]],
  ]);
  await expect(nav.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");
  await expect(page.getByRole("button", { name: /^Menu/ })).toBeHidden();

  // The sidebar stays where it is while a long page scrolls.
  await page.setViewportSize({ width: 1280, height: 400 });
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const aside = await page.locator("aside").boundingBox();
  expect(aside?.y).toBe(0);
  await expect(nav.getByRole("link", { name: "Overview" })).toBeInViewport();
});

test("the search box finds customers, orders and license keys and opens their pages", async ({ page }) => {
  const { shop, base } = await startInOwnOrganization(page, "search");
  const buyer = `${unique("buyer")}@example.com`;
  const data = await createOneOfEverything(shop, buyer);
  await page.goto(`${base}/products`);
  await expect(page.getByRole("heading", { level: 1, name: "Products" })).toBeVisible();

  // "/" from anywhere outside a field.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("/");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type(buyer.slice(0, 12));
  await expect(
    results(page).getByRole("region", { name: "Customers" }).getByRole("link", { name: buyer }),
  ).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await expect(results(page).getByRole("link").first()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(results(page)).toBeHidden();
  await expect(searchBox(page)).toBeFocused();

  await searchFor(page, buyer.toUpperCase());
  await results(page).getByRole("link", { name: buyer }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/customers/[0-9a-f-]{36}$`));
  await expect(results(page)).toBeHidden();

  // The order by its number (the buyer's email is on the order too).
  await searchFor(page, data.order.invoice_number!);
  const orders = results(page).getByRole("region", { name: "Orders" });
  await expect(orders.getByRole("link")).toHaveCount(1);
  await orders.getByRole("link", { name: new RegExp(data.order.invoice_number!) }).click();
  await expect(page).toHaveURL(`${base}/orders/${data.order.id}`);

  // The license key: whole, and as the lists display it.
  for (const text of [data.licenseKey.key!, data.licenseKey.display_key!]) {
    await searchFor(page, text);
    await expect(results(page).getByRole("region", { name: "License keys" }).getByRole("link")).toHaveCount(
      1,
    );
  }
  await results(page)
    .getByRole("link", { name: new RegExp(data.licenseKey.display_key!.replace(/\*/g, "\\*")) })
    .click();
  await expect(page).toHaveURL(`${base}/license-keys/${data.licenseKey.id}`);

  await searchFor(page, "nothing-matches-this");
  await expect(results(page)).toHaveText("No results for “nothing-matches-this”.");
});

test("an empty organization's Overview lists the first steps, ticks them from its data, and can be dismissed", async ({
  page,
}) => {
  const { shop, base } = await startInOwnOrganization(page, "onboard");
  await page.goto(base);
  await expect(checklist(page)).toBeVisible();
  await expect(checklist(page)).toContainText("0 of 4 done");
  for (const [title, href] of [
    ["Create a product", `${base}/products/new`],
    ["Create a checkout link", `${base}/checkout-links/new`],
    ["Set up payments", `${base}/settings#payments`],
    ["Add a webhook endpoint", `${base}/webhooks/new`],
  ] as const) {
    await expect(step(page, title).getByRole("link", { name: title })).toHaveAttribute("href", href);
    await expect(step(page, title)).toHaveAttribute("data-done", "false");
  }
  await expect(step(page, "Set up payments")).toContainText(
    "Connect your Stripe account to take real payments",
  );

  // Ticked from real data: a product and a webhook endpoint made elsewhere.
  const product = await shop.post("/v1/products/", {
    name: "First product",
    prices: [{ amount_type: "fixed", price_amount: 1000 }],
  });
  await shop.post("/v1/webhooks/endpoints", {
    url: "https://example.com/hooks/onboarding",
    events: ["order.paid"],
  });
  await page.reload();
  await expect(checklist(page)).toContainText("2 of 4 done");
  await expect(step(page, "Create a product")).toHaveAttribute("data-done", "true");
  await expect(step(page, "Add a webhook endpoint")).toHaveAttribute("data-done", "true");
  await expect(step(page, "Create a checkout link")).toHaveAttribute("data-done", "false");

  // The link of a step goes where it is done; back on the Overview, the step is ticked.
  await step(page, "Create a checkout link").getByRole("link").click();
  await expect(page).toHaveURL(`${base}/checkout-links/new`);
  await shop.post("/v1/checkout-links/", { products: [product.id] });
  await page.goto(base);
  await expect(checklist(page)).toContainText("3 of 4 done");
  await shot(page, "onboarding");

  // Dismissed: gone, after a reload too; another organization still has its own.
  await checklist(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(checklist(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.getByRole("region", { name: /^Revenue/ }).first()).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  const other = await newShop("onboard-two");
  await page.goto(`/dashboard/${other.slug}`);
  await expect(checklist(page)).toContainText("0 of 4 done");
});

test("at 375 px: the menu button opens the navigation, the search works, nothing is wider than the screen", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { shop, base } = await startInOwnOrganization(page, "phone");
  const buyer = `${unique("phone-buyer")}@example.com`;
  await createOneOfEverything(shop, buyer);
  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Dashboard" });
  const menu = page.getByRole("button", { name: /^Menu/ });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Organization" })).toBeVisible();
  await saveScreenshot(page, "dashboard-375-overview-menu");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await nav.getByRole("link", { name: "Orders" }).click();
  await expect(page).toHaveURL(`${base}/orders`);
  await expect(nav).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await saveScreenshot(page, "dashboard-375-orders");

  await searchFor(page, buyer);
  await expect(results(page).getByRole("link", { name: buyer })).toBeVisible();
  const panel = await results(page).boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(375);
  await saveScreenshot(page, "dashboard-375-search");

  await page.goto(base);
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await saveScreenshot(page, "dashboard-375-overview");

  // The chart shows a period's values on hover, and from the keyboard (focus starts on today).
  const chart = page.getByRole("group", { name: /Arrow keys read each day/ });
  const tooltip = page.getByTestId("chart-tooltip");
  await chart.locator("g[data-period]").last().hover();
  await expect(tooltip).toContainText("1 order");
  await page.mouse.move(1, 1);
  await expect(tooltip).toBeHidden();
  await chart.focus();
  await expect(tooltip).toContainText("1 order");
  await page.keyboard.press("Home");
  await expect(tooltip).toContainText("0 orders");
  const box = await tooltip.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});

test("an attacker's search never shows another organization's customers", async ({ page, request }) => {
  const mine = await newShop("mine");
  const theirs = await newShop("theirs");
  const secret = `${unique("secret")}@rival.example`;
  await theirs.post("/v1/customers/", { email: secret });
  await mine.post("/v1/customers/", { email: `${unique("own")}@mine.example` });
  await page.goto("/");
  await signIn(page);

  // In the first organization's dashboard, the other's customer is not found, and not sent either.
  await page.goto(`/dashboard/${mine.slug}/customers`);
  const res = await searchFor(page, secret);
  expect(await res.text()).not.toContain(secret);
  await expect(results(page)).toHaveText(`No results for “${secret}”.`);
  await searchFor(page, "rival.example");
  await expect(results(page)).toHaveText("No results for “rival.example”.");

  // Asking by hand: an organization that is not the caller's, or none at all, finds nothing.
  for (const query of [
    `organization_id=${crypto.randomUUID()}&query=${encodeURIComponent(secret)}`,
    `query=${encodeURIComponent(secret)}`,
  ]) {
    const answer = await page.request.get(`/v1/search?${query}`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ customers: [], orders: [], license_keys: [] });
  }
  // An access token (of the demo organization) is not a signed-in merchant.
  const withToken = await request.get(`/v1/search?query=${encodeURIComponent(secret)}`, {
    headers: { Authorization: `Bearer ${DEMO_ACCESS_TOKEN}` },
  });
  expect(withToken.status()).toBe(403);
  expect(await withToken.text()).not.toContain(secret);
  // The owner of the other organization does find it there.
  await page.goto(`/dashboard/${theirs.slug}`);
  await searchFor(page, secret);
  await expect(results(page).getByRole("link", { name: secret })).toBeVisible();
});

/** The README's screenshots, refreshed with UPDATE_SCREENSHOTS=1; always kept with the test's output. */
async function saveScreenshot(page: Page, name: string) {
  await shot(page, name);
  if (process.env.UPDATE_SCREENSHOTS) await page.screenshot({ path: `docs/screenshots/${name}.png` });
}
