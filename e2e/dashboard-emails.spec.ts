// The dashboard's Emails page after a purchase, from where a person starts (signed out, on the home
// page): without SMTP_URL the receipt is kept, and its page shows the HTML part in a sandboxed
// frame and the text part, both with the license key.
import { signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { buy, ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("emails");
const catalog = ownCatalog(shop);

test("a purchase's receipt shows on the Emails page, HTML and text", async ({ page, request }) => {
  const purchase = await buy(shop, catalog.cloud.id, { email: `receipt-${Date.now()}@example.com` });
  const licenseKey = purchase.keys[0]!.key;
  // The server's worker sends (keeps) it right after the order.
  let receipt: { id: string; to: string; subject: string; status: string } | undefined;
  await expect(async () => {
    const res = await request.get(`/v1/emails/?order_id=${purchase.orderId}`, { headers: shop.auth });
    receipt = (await res.json()).items[0];
    expect(receipt?.status).toBe("sent");
  }).toPass({ timeout: 15_000 });

  await signInFromHome(page, shop);

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
  await expect(page).toHaveURL(new RegExp(`${shop.dashboard}/emails/${receipt!.id}$`));

  await expect(page.getByTestId("email-text")).toContainText(licenseKey);
  const frame = page.locator('iframe[title="The email\'s HTML part"]');
  await expect(frame).toHaveAttribute("sandbox", "");
  await expect(frame.contentFrame().getByText(licenseKey)).toBeVisible();
});
