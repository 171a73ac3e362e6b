// A signed-out visitor, from where a person starts: the home page's dashboard button, /dashboard and
// deep links under it. Each must end on the sign-in form after one refused session check (no
// request storm), and signing in must return to the page first asked for. Also: a session that ends
// while the dashboard is open, and `next` values that try to leave the site.
import type { Page } from "@playwright/test";
import { signIn } from "./dashboard-helpers";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, E2E_BASE_URL } from "./env";
import { expect, test } from "./fixtures";
import { buy, ownCatalog, ownShop } from "./own-organization";

// The merchant's own organization; signing in without `next` lands on their first one by name
// (shop.adminLanding).
const shop = ownShop("signed-out");
const catalog = ownCatalog(shop);
test.beforeAll(async () => {
  // One sale, so that the orders page has its table to show.
  await buy(shop, catalog.cloud.id, { email: `signed-out-${Date.now()}@example.com` });
});

const DEEP_ORDERS = "/orders?product_price_type=recurring&sorting=-amount";
/** How far the page's clock is run once it is quiet, so that any retry or refetch timer it holds
 * fires: a storm of calls then keeps the network busy (never idle) or shows in the count. */
const WATCH_MS = 10_000;
/** One session check, plus slack for a query that was already on its way. */
const MAX_API_REQUESTS = 3;

/** Every request the page makes to the JSON API from now on; the page's timers on a clock the test
 * runs (page.clock), so a storm is watched for without waiting on the real clock. */
async function recordApiRequests(page: Page, { installClock = true } = {}): Promise<string[]> {
  if (installClock) await page.clock.install();
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/v1/")) seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

const signInHeading = (page: Page) => page.getByRole("heading", { name: "Sign in to your dashboard" });

async function fillSignIn(page: Page) {
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Watches for a storm of API calls, expects the sign-in form, then watches again. */
async function expectSignInWithoutStorm(page: Page, api: string[], max = MAX_API_REQUESTS) {
  const expectFewRequests = () =>
    expect(api.length, `API requests: ${api.slice(0, 10).join(", ")}…`).toBeLessThanOrEqual(max);
  // The form, then a quiet network: a storm never lets it be quiet (the wait then fails).
  await expect(signInHeading(page)).toBeVisible({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  test.info().annotations.push({ type: "api requests", description: `${api.length}` });
  expectFewRequests();
  await page.clock.runFor(WATCH_MS);
  await page.waitForLoadState("networkidle");
  expectFewRequests();
}

test("from the home page's dashboard button: sign-in at once, then the first organization", async ({
  page,
}) => {
  const api = await recordApiRequests(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await expectSignInWithoutStorm(page, api);
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);
  await fillSignIn(page);
  await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.adminLanding}`);
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
});

test("/dashboard signed out: sign-in at once, then the first organization", async ({ page }) => {
  const api = await recordApiRequests(page);
  await page.goto("/dashboard");
  await expectSignInWithoutStorm(page, api);
  await fillSignIn(page);
  await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.adminLanding}`);
});

for (const section of ["", DEEP_ORDERS]) {
  test(`/dashboard/<org>${section} signed out: sign-in with next, then back to the same page`, async ({
    page,
  }) => {
    const deepLink = `${shop.dashboard}${section}`;
    const api = await recordApiRequests(page);
    await page.goto(deepLink);
    await expectSignInWithoutStorm(page, api);
    await expect(page).toHaveURL(`${E2E_BASE_URL}/dashboard/sign-in?next=${encodeURIComponent(deepLink)}`);
    await fillSignIn(page);
    await expect(page).toHaveURL(`${E2E_BASE_URL}${deepLink}`);
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  });
}

test("a session that ends while the dashboard is open (signed out elsewhere) ends on sign-in, once", async ({
  page,
  context,
}) => {
  await page.clock.install();
  await signIn(page, shop.dashboard);
  await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();
  // The overview's own queries must have answered first: one still in flight when the cookies go
  // would get its 401 and redirect before the click below (a race of the test, not of the app).
  await page.waitForLoadState("networkidle");
  // Signing out in another tab removes the cookies this tab relies on.
  await context.clearCookies();
  const api = await recordApiRequests(page, { installClock: false });
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Orders" }).click();
  // The orders page's own queries (orders, and the products, customers and discounts of its filters)
  // answer 401 once each, then one session check confirms it; nothing after.
  await expectSignInWithoutStorm(page, api, 4 + 2);
  expect(api.filter((request) => request === "GET /v1/auth/session")).toHaveLength(1);
  await expect(page).toHaveURL(
    `${E2E_BASE_URL}/dashboard/sign-in?next=${encodeURIComponent(`${shop.dashboard}/orders`)}`,
  );
  await fillSignIn(page);
  await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.dashboard}/orders`);
  await expect(page.getByRole("table", { name: "Orders" })).toBeVisible();
});

for (const hostile of [
  "https://evil.example/",
  "//evil.example/",
  "/\\evil.example/",
  "/dashboard/..//evil.example",
]) {
  test(`sign-in never follows next=${hostile} off the site`, async ({ page }) => {
    await page.goto(`/dashboard/sign-in?next=${encodeURIComponent(hostile)}`);
    await fillSignIn(page);
    await expect(page).toHaveURL(`${E2E_BASE_URL}${shop.adminLanding}`);
  });
}
