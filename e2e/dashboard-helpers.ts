// Shared steps of the dashboard browser tests: signing in as the demo admin, and screenshots.
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "./env";

/** Signs in as the demo admin and waits for an organization page (or `next`). */
export async function signIn(page: Page, next?: string) {
  await page.goto(next ? `/dashboard/sign-in?next=${encodeURIComponent(next)}` : "/dashboard/sign-in");
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  // Not /dashboard/sign-in itself, which the plain /\/dashboard\/[^/]+/ would match at once.
  await expect(page).toHaveURL(/\/dashboard\/(?!sign-in)[^/?#]+/);
}

/** A full-page screenshot in the test's output folder. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}
