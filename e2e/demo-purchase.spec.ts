// The demo purchase script against the real server (production build, its own job worker): a
// buyer's purchase over HTTP ends with an active subscription and a license key that activates.
// And the demo checkout link start-up prints (lib/boot.ts): a buyer's page, however late it is opened.
// Its subject is the demo (the README's `npm run demo:purchase`), so it uses the demo organization.
import { expect, test } from "@playwright/test";
import { demoPurchase, httpApi } from "../scripts/demo-purchase";
import { DEMO_ACCESS_TOKEN, E2E_BASE_URL } from "./env";

test("the demo purchase completes over HTTP", async () => {
  const result = await demoPurchase(httpApi(E2E_BASE_URL), DEMO_ACCESS_TOKEN, {
    log: (line) => console.log(line),
  });
  expect(result.licenseKey).toMatch(/-/);
  // The server's worker is woken by the confirm, not left to its next poll.
  expect(result.confirmToSucceededMs).toBeLessThan(3000);
});

test("the checkout link printed at start-up opens a checkout of the demo product, signed out", async ({
  page,
}) => {
  await page.goto("/buy/acme-studio");
  await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Acme Studio" })).toBeVisible();
  // Each visit is a fresh session: a second visit opens another.
  const first = page.url();
  await page.goto("/buy/acme-studio");
  await expect(page).toHaveURL(/\/checkout\/cs_[\w-]+$/);
  expect(page.url()).not.toBe(first);
});
