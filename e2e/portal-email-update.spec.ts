// A buyer changes their email from the customer portal, on a phone: signed out at /portal/<slug>
// (as the README prints it), they sign in with the emailed code, open Account → Change email, type
// the new address and are told to check their inbox; the link emailed to the new address opens the
// portal, which shows "Email changed" with the new address, the old address was told, and the API
// agrees. The same link opened again (another browser) is refused with a clear message.
import type { Page } from "@playwright/test";
import { email } from "./checkout-helpers";
import { shot } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { ownShop } from "./own-organization";

const shop = ownShop("portal-email");

test.use({ viewport: { width: 375, height: 780 } });

/** The newest email of `kind` to a customer, read as the merchant (GET /v1/emails/{id}). */
async function emailed(customerId: string, kind: string) {
  let id: string | undefined;
  await expect(async () => {
    const list = await shop.get(`/v1/emails/?customer_id=${customerId}&kind=${kind}`);
    const first = (list.items as { id: string; status: string }[])[0];
    expect(first?.status).toBe("sent");
    id = first!.id;
  }).toPass({ timeout: 20_000 });
  return shop.get(`/v1/emails/${id}`);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "nothing wider than the phone's screen").toBeLessThanOrEqual(0);
}

test("a buyer changes their email with the link sent to the new address", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const oldEmail = email("portal-old");
  const newEmail = email("portal-new");
  const customer = await shop.post("/v1/customers/", { email: oldEmail, name: "Jane Mover" });

  await test.step("sign in with the emailed code, signed out at the portal's address", async () => {
    await page.goto(shop.portal);
    await page.getByLabel("Email").fill(oldEmail);
    await page.getByRole("button", { name: "Email me a code" }).click();
    const sent = await emailed(customer.id, "portal_sign_in_code");
    const code = /\b(\d{6})\b/.exec(sent.text as string)![1]!;
    await page.getByLabel("Sign-in code").fill(code);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: "Your purchases" })).toBeVisible();
  });

  const account = page.getByRole("region", { name: "Account" });

  await test.step("Change email → the new address → check your inbox", async () => {
    await expect(account).toContainText(oldEmail);
    await account.getByRole("button", { name: "Change email" }).click();
    const input = account.getByLabel("New email");
    await expect(input).toBeFocused();
    await input.fill(oldEmail);
    await account.getByRole("button", { name: "Send link" }).click();
    await expect(account.getByText("This is already your email address.")).toBeVisible();
    await input.fill(newEmail);
    await account.getByRole("button", { name: "Send link" }).click();
    await expect(account.getByText("Check your inbox.")).toBeVisible();
    await expect(account).toContainText(`We sent a link to ${newEmail}.`);
    // Nothing changes before the link is opened.
    await expect(account).toContainText(oldEmail);
    await expectNoHorizontalScroll(page);
    await shot(page, "portal-email-check-inbox-phone");
  });

  const sent = await emailed(customer.id, "portal_email_update");
  expect(sent.to).toBe(newEmail);
  const link = new URL(/(http\S+#email_update_token=ceu_[\w-]+)/.exec(sent.text as string)![1]!);
  const landing = `${link.pathname}${link.hash}`;

  await test.step("the link opens the portal: email changed, the token out of the address", async () => {
    // A fresh load, as from the mail app (same path: a bare fragment change would not reload).
    await page.goto("about:blank");
    await page.goto(landing);
    await expect(page.getByText("Email changed.", { exact: false })).toBeVisible();
    expect(new URL(page.url()).hash).toBe("");
    await expect(account).toContainText(newEmail);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await shot(page, "portal-email-changed-phone");
  });

  await test.step("the API agrees, and the old address was told", async () => {
    const updated = await shop.get(`/v1/customers/${customer.id}`);
    expect(updated).toMatchObject({ email: newEmail, email_verified: true });
    const notice = await emailed(customer.id, "customer_email_changed");
    expect(notice.to).toBe(oldEmail);
  });

  await test.step("the link works once: opened again elsewhere, it says so", async () => {
    const other = await browser.newContext({ viewport: { width: 375, height: 780 } });
    const again = await other.newPage();
    await again.goto(landing);
    await expect(
      again.getByText("This email change link is invalid or has expired", { exact: false }),
    ).toBeVisible();
    await expect(again.getByRole("heading", { name: "Sign in to your purchases" })).toBeVisible();
    await other.close();
  });
});
