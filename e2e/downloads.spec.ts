// File downloads end to end (docs/uploads-and-limits.md "Downloadable files"): a merchant creates a
// "File downloads" benefit in the dashboard, uploading the file in parts from the browser; a buyer
// of a product with it finds the file in the customer portal and downloads it; a forged link is
// refused. In an organization of this spec's own.
import fs from "node:fs";
import { signIn, shot } from "./dashboard-helpers";
import { email } from "./checkout-helpers";
import { expect, test } from "./fixtures";
import { buy, ownShop } from "./own-organization";

const shop = ownShop("downloads");
const CONTENT = "Acme handbook, chapter 1.\n".repeat(200);

test("a merchant uploads a file to a benefit; its buyer downloads it from the portal", async ({
  page,
  browser,
}) => {
  await signIn(page, `${shop.dashboard}/benefits/new`);
  await page.getByLabel("Type").selectOption("downloadables");
  await page.getByLabel("Description").fill("The handbook");
  await page.getByLabel("Add a file (up to 1 GiB)").setInputFiles({
    name: "Acme handbook.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(CONTENT),
  });
  await expect(page.getByRole("list", { name: "Files" })).toContainText("Acme handbook.txt");
  await shot(page, "benefit-downloads-form");
  await page.getByRole("button", { name: "Create benefit" }).click();
  await expect(page).toHaveURL(/\/benefits\/[0-9a-f-]{36}$/);
  const benefitId = page.url().split("/").pop()!;

  const product = await shop.post("/v1/products/", {
    name: `Handbook ${Date.now()}`,
    prices: [{ amount_type: "fixed", price_amount: 1500 }],
  });
  await shop.post(`/v1/products/${product.id}/benefits`, { benefits: [benefitId] });
  const bought = await buy(shop, product.id, { email: email("download"), country: "US" });
  const minted = await shop.post("/v1/customer-sessions/", { customer_id: bought.customerId });

  const context = await browser.newContext({ viewport: { width: 375, height: 780 } });
  const portal = await context.newPage();
  await portal.goto(minted.customer_portal_url);
  const downloads = portal.getByRole("list", { name: "Downloads" });
  await expect(downloads).toContainText("Acme handbook.txt");
  const [download] = await Promise.all([
    portal.waitForEvent("download"),
    downloads.getByRole("link", { name: "Download Acme handbook.txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Acme handbook.txt");
  const saved = await download.path();
  expect(fs.readFileSync(saved!, "utf8")).toBe(CONTENT);
  await shot(portal, "portal-downloads-phone");

  const href = await downloads.getByRole("link").first().getAttribute("href");
  const forged = await portal.request.get(href!.replace(/\.[\w-]+$/, ".forged"));
  expect(forged.status()).toBe(403);
  await context.close();
});
