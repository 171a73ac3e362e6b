// A merchant issues an order's invoice from the dashboard (docs/invoices.md), starting signed out on
// the home page: a purchase in this spec's own organization (its monthly product, bought over the
// public API by a buyer billed in Germany), its order page's Invoice card, "Generate invoice" after
// the confirmation, then the invoice listed with its page (opened: the seller's legal name, the
// buyer, "VAT 19%") and its PDF. Once at 375 px, the card fits.
import { shot, signInFromHome } from "./dashboard-helpers";
import { expect, test } from "./fixtures";
import { buy, ownCatalog, ownShop } from "./own-organization";

const shop = ownShop("invoice");
const catalog = ownCatalog(shop);

test("generate an order's invoice from its page and open it", async ({ page, request }) => {
  await shop.patch(`/v1/organizations/${shop.id}`, {
    legal_name: "Acme Software GmbH",
    address: { line1: "Torstr. 1", postal_code: "10119", city: "Berlin", country: "DE" },
    tax_id: ["DE123456789", "eu_vat"],
  });
  const bought = await buy(shop, catalog.cloud.id, {
    email: `invoice-${Date.now()}@example.com`,
    name: "Erika Musterfrau",
    country: "DE",
  });

  await signInFromHome(page, shop);
  await page
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Orders", exact: true })
    .click();
  await page.locator(`a[href$="/orders/${bought.orderId}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`/orders/${bought.orderId}$`));

  const card = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Invoice", exact: true }) });
  await expect(card).toContainText("No invoice issued yet.");
  await card.getByRole("button", { name: "Generate invoice" }).click();
  const dialog = page.getByRole("dialog", { name: `Issue invoice ${bought.order.invoice_number}?` });
  await expect(dialog).toContainText("can no longer be corrected");
  await dialog.getByRole("button", { name: "Issue invoice" }).click();
  await expect(dialog).toBeHidden();
  const list = card.getByRole("list", { name: "Invoice and credit notes" });
  await expect(list).toContainText(`Invoice ${bought.order.invoice_number}`);

  // Its page, in a new tab: what the buyer sees from the link.
  const [opened] = await Promise.all([
    page.waitForEvent("popup"),
    list.getByRole("link", { name: "Open" }).click(),
  ]);
  await expect(opened.getByRole("heading", { name: "Invoice", level: 1 })).toBeVisible();
  await expect(opened.locator("body")).toContainText("Acme Software GmbH");
  await expect(opened.locator("body")).toContainText("Erika Musterfrau");
  await expect(opened.locator("body")).toContainText("VAT 19%");
  await shot(opened, "invoice-page");
  await opened.close();

  const pdf = await request.get((await list.getByRole("link", { name: "PDF" }).getAttribute("href"))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const order = await shop.get(`/v1/orders/${bought.orderId}`);
  expect(order.is_invoice_generated).toBe(true);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(list).toBeVisible();
  expect(await card.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
  await shot(page, "order-invoice-375");
});
