// Shared steps of the dashboard browser tests: signing in as the server's merchant (the demo admin,
// who owns each spec's own organization: ./own-organization.ts), and screenshots.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "./env";
import type { Shop } from "./own-organization";

/** Signs in as the demo admin and waits for an organization page (or `next`). */
export async function signIn(page: Page, next?: string) {
  await page.goto(next ? `/dashboard/sign-in?next=${encodeURIComponent(next)}` : "/dashboard/sign-in");
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Not /dashboard/sign-in itself, which the plain /\/dashboard\/[^/]+/ would match at once.
  await expect(page).toHaveURL(/\/dashboard\/(?!sign-in)[^/?#]+/);
}

/**
 * Signed out at the home page → the dashboard button → sign in → the merchant's first organization
 * → their pick of the spec's own organization in the organization menu.
 */
export async function signInFromHome(page: Page, shop: Shop) {
  await page.goto("/");
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to your dashboard" })).toBeVisible();
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${shop.adminLanding}$`));
  await page.getByLabel("Organization", { exact: true }).selectOption(shop.slug);
  await expect(page).toHaveURL(new RegExp(`${shop.dashboard}$`));
}

/** A full-page screenshot in the test's output folder, with CSS transitions run to their end. */
export async function shot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`${name}.png`),
    fullPage: true,
    animations: "disabled",
  });
}
