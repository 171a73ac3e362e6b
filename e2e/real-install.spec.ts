// A real install, as a merchant meets it: the app's server on a fresh embedded database with no
// demo data (SEED_DEMO=false) and no user. Starting at the home page, the first merchant is created
// on the setup screen with the one-time setup code the server printed at start (a wrong code is
// refused first), then sets up what they sell in the dashboard alone (a license-key benefit, a
// custom field, a discount, a product with them), copies the product's checkout link; a buyer opens
// it signed out and buys with the code; the merchant then finds the order, the customer and the key
// in the dashboard. No SQL, no CLI, no API token.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_PORT } from "./env";
import { outputMatches } from "./server-output";

const root = path.resolve(import.meta.dirname, "..");
const port = E2E_PORT + 60;
const base = `http://127.0.0.1:${port}`;

let server: ChildProcess | null = null;
let output = "";

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "real-install-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_BASE_URL: base,
    SEED_DEMO: "false",
    RATE_LIMIT_IP_PER_MINUTE: "100000",
    JOB_POLL_MS: "200",
  };
  // A fresh embedded database, whatever the run is configured with.
  delete env.DATABASE_URL;
  delete env.DEMO_ACCESS_TOKEN;
  server = spawn(process.execPath, ["scripts/serve.mjs", "start"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await outputMatches(server, () => output, /Ready on http/, 150_000);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
});

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/**
 * Opens a section of the dashboard from its sidebar, as a merchant would. This server is a fresh
 * process of its own: a section's first visit loads its code and data from it cold, which under
 * CI's two parallel browser workers once took longer than the usual 5 s (the Overview's figures
 * were still loading too).
 */
async function openSection(page: Page, name: string) {
  await page.getByRole("navigation").getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible({ timeout: 15_000 });
}

/** The section's "New …" button, then its form (the list's own filters share some labels). */
async function openNewForm(page: Page, button: string, path: string) {
  await page.getByRole("link", { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`/${path}/new$`));
  await expect(page.getByRole("heading", { level: 1, name: button })).toBeVisible();
}

test("an empty install: set up, create a licensed product, sell it through its link, find the sale", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(output).not.toContain("Demo data created");
  // The start-up banner names the dashboard and the code; the code is printed there only.
  expect(output).toContain(`Dashboard:     ${base}/dashboard`);
  const setupCode = /Setup code: +([A-Z0-9-]+)/.exec(output)?.[1];
  expect(setupCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

  // --- the first merchant, from the home page -------------------------------------------------
  await page.goto(`${base}/`);
  await page.getByRole("link", { name: "Merchant dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Set up your store" })).toBeVisible();
  await page.getByLabel("Setup code").fill("AAAA-BBBB-CCCC");
  await page.getByLabel("Your name (optional)").fill("Mia Merchant");
  await page.getByLabel("Email").fill("mia@shop.test");
  await page.getByLabel("Password (at least 10 characters)").fill("a long enough password");
  await page.getByLabel("Organization name").fill("Mia Software");
  await page.getByLabel("Organization slug (its dashboard address)").fill("mia-software");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This is not the setup code.", { exact: false })).toBeVisible();
  await page.getByLabel("Setup code").fill(setupCode!.toLowerCase());
  await shot(page, "01-setup");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(`${base}/dashboard/mia-software`);
  expect(output.split(setupCode!).length - 1).toBe(1);

  // --- a license-key benefit ----------------------------------------------------------------------
  await openSection(page, "Benefits");
  await openNewForm(page, "New benefit", "benefits");
  await page.getByLabel("Type").selectOption("license_keys");
  await page.getByLabel("Description").fill("Mia Editor license");
  await page.getByLabel("Prefix").fill("MIA");
  await page.getByLabel("Activation limit").fill("2");
  await page.getByRole("button", { name: "Create benefit" }).click();
  await expect(page.getByText("Mia Editor license").first()).toBeVisible();

  // --- a custom field ------------------------------------------------------------------------------
  await openSection(page, "Custom fields");
  await openNewForm(page, "New custom field", "custom-fields");
  await page.getByLabel("Type").selectOption("text");
  await page.getByLabel("Name").fill("Company");
  await page.getByLabel("Slug").fill("company");
  await page.getByRole("button", { name: "Create field" }).click();
  await expect(page.getByText("company").first()).toBeVisible();

  // --- a discount ------------------------------------------------------------------------------------
  await openSection(page, "Discounts");
  await openNewForm(page, "New discount", "discounts");
  await page.getByLabel("Name").fill("Launch");
  await page.getByLabel("Code").fill("LAUNCH10");
  await page.getByLabel("Type").selectOption("percentage");
  await page.getByLabel("Percentage off").fill("10");
  await page.getByRole("button", { name: "Create discount" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Launch" })).toBeVisible();
  await expect(page.getByLabel("Code")).toHaveValue("LAUNCH10");

  // --- the product, with its price, benefit and custom field ------------------------------------------
  await openSection(page, "Products");
  await openNewForm(page, "New product", "products");
  await page.getByLabel("Name").fill("Mia Editor");
  await page.getByLabel("Description").fill("A text editor for people who write.");
  await page.getByLabel("Amount").fill("40.00");
  await page.getByLabel("Mia Editor license").check();
  await page.getByLabel("Add custom field").selectOption({ label: "Company" });
  await page.getByRole("button", { name: "Attach" }).click();
  await shot(page, "02-product-form");
  await page.getByRole("button", { name: "Create product" }).click();
  await expect(page.getByRole("heading", { name: /^Mia Editor/ })).toBeVisible();

  await page.getByRole("button", { name: "Copy checkout link" }).click();
  const link = page.getByLabel("Checkout link");
  await expect(link).toHaveValue(new RegExp(`^${base}/buy/`));
  const url = await link.inputValue();
  await shot(page, "03-product");

  // --- a buyer, signed out, opens the link and buys with the code ------------------------------------
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await buyer.goto(url);
  await expect(buyer).toHaveURL(new RegExp(`^${base}/checkout/cs_`));
  await expect(buyer.getByRole("heading", { level: 1, name: "Mia Editor" })).toBeVisible();
  await buyer.getByLabel("Email").fill("ben@buyer.test");
  await buyer.getByLabel("Full name").fill("Ben Buyer");
  await buyer.getByLabel("Country").selectOption("FR");
  await buyer.getByLabel("Company").fill("Ben SARL");
  await buyer.getByLabel("Discount code").fill("LAUNCH10");
  await buyer.getByRole("button", { name: "Apply" }).click();
  await expect(buyer.getByTestId("total")).toHaveText("$36.00");
  await buyer.getByLabel("Card number").fill("4242 4242 4242 4242");
  await buyer.getByLabel("Expiry (MM/YY)").fill("12/34");
  await buyer.getByLabel("CVC").fill("123");
  await buyer.getByRole("button", { name: "Pay $36.00" }).click();
  await expect(buyer.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  const key = buyer.getByTestId("license-key");
  await expect(key).toHaveText(/^MIA-[0-9A-F-]{36}$/);
  const licenseKey = (await key.textContent())!;
  await shot(buyer, "04-bought");
  await buyerContext.close();

  // --- the merchant finds the order, the customer and the key ---------------------------------------
  await openSection(page, "Orders");
  const orderRow = page.getByRole("row").filter({ hasText: "ben@buyer.test" });
  await expect(orderRow).toContainText("$36.00");
  await orderRow.getByRole("link").first().click();
  await expect(page.getByText("Mia Editor").first()).toBeVisible();
  await expect(page.getByText("LAUNCH10").first()).toBeVisible();

  await openSection(page, "Customers");
  await page.getByRole("row").filter({ hasText: "ben@buyer.test" }).getByRole("link").first().click();
  await expect(page.getByText("Ben Buyer").first()).toBeVisible();

  await openSection(page, "License keys");
  await page.getByLabel("Search").fill(licenseKey.slice(-6));
  const keyRow = page.getByRole("row").filter({ hasText: licenseKey.slice(-6) });
  await expect(keyRow).toHaveCount(1);
  await expect(keyRow).toContainText("ben@buyer.test");
  await shot(page, "05-found");
});
