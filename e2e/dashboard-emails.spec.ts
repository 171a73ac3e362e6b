// The dashboard's Emails page after a purchase, from where a person starts (signed out, on the home
// page): without SMTP_URL the receipt is kept, and its page shows the HTML part in a sandboxed
// frame and the text part, both with the license key.
import { demoPurchase, httpApi } from "../scripts/demo-purchase";
import { DEMO_ACCESS_TOKEN, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD, E2E_BASE_URL } from "./env";
import { auth, expect, test } from "./fixtures";

test("a purchase's receipt shows on the Emails page, HTML and text", async ({ page, request }) => {
  const purchase = await demoPurchase(httpApi(E2E_BASE_URL), DEMO_ACCESS_TOKEN);
  // The server's worker sends (keeps) it right after the order.
  let receipt: { id: string; to: string; subject: string; status: string } | undefined;
  await expect(async () => {
    const res = await request.get(`/v1/emails/?order_id=${purchase.orderId}`, { headers: auth });
    receipt = (await res.json()).items[0];
    expect(receipt?.status).toBe("sent");
  }).toPass({ timeout: 15_000 });

  await page.goto("/");
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to your dashboard" })).toBeVisible();
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill(DEMO_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(/\/dashboard\/demo$/);

  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Emails" }).click();
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
  const row = page
    .getByRole("table", { name: "Emails" })
    .locator("tbody tr")
    .filter({ hasText: receipt!.to });
  await expect(row).toContainText("Purchase receipt");
  await expect(row).toContainText("Embedded (not sent)");
  await expect(row).toContainText("Kept (not sent)");
  await row.getByRole("link", { name: receipt!.subject }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/demo/emails/${receipt!.id}$`));

  await expect(page.getByTestId("email-text")).toContainText(purchase.licenseKey);
  const frame = page.locator('iframe[title="The email\'s HTML part"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame.contentFrame().getByText(purchase.licenseKey)).toBeVisible();
});
