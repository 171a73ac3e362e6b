// Shared steps of the hosted checkout's browser tests: a session made through the API with the
// spec's own organization's token (./own-organization.ts), then what a buyer does on its page
// (contact, test card, Pay) and sees after paying.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import type { Shop } from "./own-organization";

export type Session = { id: string; client_secret: string; url: string };

export async function createSession(shop: Shop, data: Record<string, unknown>): Promise<Session> {
  return shop.post("/v1/checkouts/custom/", data);
}

let sequence = 0;
export function email(tag: string) {
  return `${tag}-${Date.now()}-${++sequence}@example.com`;
}

export const payButton = (page: Page) =>
  page.getByRole("button", {
    name: /^(Pay \$|Subscribe ·|Complete order|Start subscription|Start free trial)/,
  });

/** The checkout form once React handles it (Pay is enabled before: see early-pay-script.ts). */
export const hydratedForm = (page: Page) => page.locator('form[data-checkout-form][data-hydrated="true"]');

export async function open(page: Page, session: Session) {
  await page.goto(session.url);
  await expect(payButton(page)).toBeEnabled();
  await expect(hydratedForm(page)).toBeVisible();
}

export async function fillContact(
  page: Page,
  options: { email: string; name?: string; country?: string; state?: string },
) {
  await page.getByLabel("Email").fill(options.email);
  if (options.name) await page.getByLabel("Full name").fill(options.name);
  if (options.country) await page.getByLabel("Country").selectOption(options.country);
  if (options.state) await page.getByLabel(/^(State|Province)/).selectOption(options.state);
}

export async function fillCard(page: Page, number = "4242 4242 4242 4242") {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
}

export async function expectSucceeded(page: Page) {
  await expect(page.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
}
