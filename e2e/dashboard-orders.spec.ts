// The merchant dashboard's overview, orders list and order page in a real browser against the real
// server, in an organization of this spec's own with the demo's sales bought through the checkout
// (./own-organization.ts createSales: 4 one-time "Acme Studio" and 2 recurring "Acme Cloud"
// orders). Expected rows come from the API with its token. Every test fails on a console error.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { signIn, shot } from "./dashboard-helpers";
import { DEMO_ADMIN_EMAIL } from "./env";
import { expect, test } from "./fixtures";
import { ownCatalog, ownSales, ownShop } from "./own-organization";

const shop = ownShop("orders");
ownSales(shop, ownCatalog(shop));
let ORDERS: string;
test.beforeAll(() => {
  ORDERS = `${shop.dashboard}/orders`;
});

type ApiOrder = {
  id: string;
  invoice_number: string;
  amount: number;
  customer: { email: string };
  product: { name: string };
};
type ApiPage = { items: ApiOrder[]; pagination: { total_count: number; max_page: number } };

/** The orders the API lists for these filters (first 100). */
async function apiOrders(request: APIRequestContext, query: string): Promise<ApiPage> {
  const res = await request.get(`/v1/orders/?limit=100&${query}`, { headers: shop.auth });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

const table = (page: Page) => page.getByRole("table", { name: "Orders" });
const rows = (page: Page) => table(page).locator("tbody tr");
/** A card of the order page, by its heading. */
const card = (page: Page, title: string) =>
  page.locator("section").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

/** Waits until the list shows the current URL's page (not the previous one kept while loading). */
async function settled(page: Page) {
  await expect(table(page)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

// The table's columns: date (the row's link), number, customer, product, type, discount, amount.

/** The order ids of the rows on screen, from each row's link. */
async function rowIds(page: Page): Promise<string[]> {
  const hrefs = await rows(page)
    .locator("td:first-child a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => href.split("/").pop()!);
}

/** "$49.00" (or "$1,234.50", "Refunded" below it) in cents. */
async function rowAmounts(page: Page): Promise<number[]> {
  const texts = await rows(page).locator("td:nth-child(7)").allInnerTexts();
  return texts.map((text) => Math.round(Number(text.split("\n")[0]!.replace(/[^0-9.]/g, "")) * 100));
}

test("sign-in: a wrong password is refused with a message, the right one opens the dashboard", async ({
  page,
}) => {
  await page.goto("/dashboard/sign-in");
  await page.getByLabel("Email").fill(DEMO_ADMIN_EMAIL);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  // (Next's route announcer is an empty alert too.)
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toHaveText(
    "Email or password is incorrect.",
  );
  await expect(page).toHaveURL(/\/dashboard\/sign-in/);

  await signIn(page, ORDERS);
  await expect(page).toHaveURL(new RegExp(`${ORDERS}$`));
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
});

test("overview: totals, the revenue chart with its range switch, and the recent orders", async ({
  page,
  request,
}) => {
  const latest = (await apiOrders(request, "")).items.slice(0, 5);
  await signIn(page, shop.dashboard);
  await expect(page).toHaveURL(new RegExp(`${shop.dashboard}$`));

  const chart = page.getByRole("img", { name: /^Revenue per day, last 30 days/ });
  await expect(chart).toBeVisible();
  await expect(page.getByRole("list", { name: "Legend" })).toContainText("One-time");
  await expect(page.getByRole("list", { name: "Legend" })).toContainText("Recurring");
  // One column per day (30 or 31 with today), each showing its values on hover, and the accessible table.
  const columns = chart.locator("g[data-period]");
  expect(await columns.count()).toBeGreaterThanOrEqual(30);
  await columns.last().hover();
  await expect(page.getByTestId("chart-tooltip")).toContainText(/\$[\d,.]+.*\d+ orders?/);
  await expect(page.getByRole("region", { name: "Orders · last 30 days" })).toContainText(
    /\d+ one-time · \d+ recurring/,
  );
  await expect(page.getByRole("table", { name: "Revenue per period" })).toBeAttached();
  // Each figure against the 30 days before: this organization sold nothing then.
  await expect(page.getByRole("region", { name: "Revenue · last 30 days" })).toContainText(
    "Nothing to compare with in the previous 30 days",
  );
  await expect(page.getByRole("region", { name: "Monthly recurring revenue" })).toContainText(
    /\$[\d,.]+ a year · \d+ active subscriptions/,
  );
  await expect(page.getByRole("region", { name: "Conversion · last 30 days" })).toContainText(
    /\d+ paid of \d+ checkouts/,
  );

  const recent = page.getByRole("list", { name: "Recent orders" }).getByRole("link");
  await expect(recent).toHaveCount(latest.length);
  for (const [i, order] of latest.entries()) {
    await expect(recent.nth(i)).toHaveAttribute("href", `${ORDERS}/${order.id}`);
    await expect(recent.nth(i)).toContainText(order.customer.email);
  }
  await shot(page, "overview");
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "overview-tablet-dark");

  await page.getByRole("button", { name: "12 weeks" }).click();
  await expect(page).toHaveURL(/\?range=12w$/);
  await expect(page.getByRole("img", { name: /^Revenue per week, last 12 weeks/ })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "12 weeks" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "12 months" }).click();
  await expect(page.getByRole("img", { name: /^Revenue per month, last 12 months/ })).toBeVisible();

  await recent.first().click();
  await expect(page).toHaveURL(new RegExp(`${ORDERS}/${latest[0]!.id}$`));
  await expect(page.getByText(latest[0]!.customer.email).first()).toBeVisible();
});

test("orders: the Recurring filter shows exactly the recurring orders", async ({ page, request }) => {
  const recurring = await apiOrders(request, "product_price_type=recurring");
  expect(recurring.pagination.total_count).toBeGreaterThan(0);
  await signIn(page, ORDERS);
  await settled(page);

  await page.getByRole("button", { name: "Recurring", exact: true }).click();
  await expect(page).toHaveURL(/\?product_price_type=recurring$/);
  await settled(page);
  await expect(rows(page)).toHaveCount(Math.min(recurring.pagination.total_count, 20));
  for (const row of await rows(page).all()) {
    await expect(row.locator("td:nth-child(5)")).toHaveText("Recurring");
  }
  expect(await rowIds(page)).toEqual(recurring.items.slice(0, 20).map((order) => order.id));
  await shot(page, "orders-recurring");
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.emulateMedia({ colorScheme: "dark" });
  await shot(page, "orders-tablet-dark");

  await page.getByRole("button", { name: "Clear filters" }).first().click();
  await expect(page).toHaveURL(/\/orders$/);
});

test("orders: header sorting by amount, then shift-click on date as a second criterion", async ({
  page,
  request,
}) => {
  await signIn(page, ORDERS);
  await settled(page);
  await expect(page.getByRole("columnheader", { name: /Date/ })).toHaveAttribute("aria-sort", "descending");

  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/\?sorting=-amount$/);
  await page.getByRole("button", { name: /^Date/ }).click({ modifiers: ["Shift"] });
  await expect(page).toHaveURL(/\?sorting=-amount&sorting=-created_at$/);
  await settled(page);
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "descending");

  const amounts = await rowAmounts(page);
  expect(amounts.length).toBeGreaterThan(1);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  const expected = await apiOrders(request, "sorting=-amount&sorting=-created_at");
  expect(await rowIds(page)).toEqual(expected.items.slice(0, 20).map((order) => order.id));
  await shot(page, "orders-sorted");
});

test("orders: pages of 2 forward and back, and a reload keeps filters, sorting and page", async ({
  page,
  request,
}) => {
  const all = await apiOrders(request, "");
  const maxPage = Math.ceil(all.pagination.total_count / 2);
  expect(maxPage).toBeGreaterThanOrEqual(3);
  await signIn(page, `${ORDERS}?limit=2`);
  await settled(page);
  await expect(page.getByText(`Page 1 of ${maxPage}`)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  const first = await rowIds(page);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?limit=2&page=2$/);
  await settled(page);
  await expect(page.getByText(`Page 2 of ${maxPage}`)).toBeVisible();
  const second = await rowIds(page);
  expect(second).toHaveLength(2);
  expect(second.filter((id) => first.includes(id))).toEqual([]);

  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page).toHaveURL(/\?limit=2$/);
  await settled(page);
  expect(await rowIds(page)).toEqual(first);

  // A view with a filter, a sorting and a page survives a reload.
  const oneTime = await apiOrders(request, "product_price_type=one_time&sorting=amount&sorting=-created_at");
  // Each step waits for its URL: the next click computes from the view on screen.
  await page.getByRole("button", { name: "One-time", exact: true }).click();
  await expect(page).toHaveURL(/\?limit=2&product_price_type=one_time$/);
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/&sorting=-amount$/);
  await page.getByRole("button", { name: /^Amount/ }).click();
  await expect(page).toHaveURL(/&sorting=amount$/);
  await page.getByRole("button", { name: /^Date/ }).click({ modifiers: ["Shift"] });
  await expect(page).toHaveURL(/&sorting=amount&sorting=-created_at$/);
  await settled(page);
  await page.getByRole("button", { name: "Next" }).click();
  const view = /\?limit=2&product_price_type=one_time&sorting=amount&sorting=-created_at&page=2$/;
  await expect(page).toHaveURL(view);
  await settled(page);
  const before = await rowIds(page);
  expect(before).toEqual(oneTime.items.slice(2, 4).map((order) => order.id));

  await page.reload();
  await settled(page);
  await expect(page).toHaveURL(view);
  expect(await rowIds(page)).toEqual(before);
  await expect(page.getByRole("button", { name: "One-time", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("columnheader", { name: /Amount/ })).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByLabel("Rows per page")).toHaveValue("2");
});

test("orders: the email search and the customer picker narrow the rows", async ({ page, request }) => {
  const ada = await apiOrders(request, "query=ada%40");
  expect(ada.pagination.total_count).toBeGreaterThan(0);
  await signIn(page, ORDERS);
  await settled(page);

  await page.getByLabel("Search by email").fill("ada@");
  await expect(page).toHaveURL(/\?query=ada%40$/);
  await settled(page);
  await expect(rows(page)).toHaveCount(Math.min(ada.pagination.total_count, 20));
  for (const email of await rows(page).locator("td:nth-child(3)").allInnerTexts()) {
    expect(email).toContain("ada@");
  }
  await page.getByLabel("Search by email").fill("nobody-matches-this");
  await expect(page.getByText("No orders match these filters")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).last().click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByLabel("Search by email")).toHaveValue("");

  const grace = await apiOrders(request, "query=grace%40example.com");
  const customer = page.getByRole("combobox", { name: "Customer" });
  await customer.fill("grace");
  const options = page.getByRole("listbox", { name: "Customers" }).getByRole("option");
  await expect(options).toHaveCount(1);
  await expect(options).toContainText("grace@example.com");
  await customer.press("Enter");
  await expect(page).toHaveURL(/\?customer_id=[0-9a-f-]+$/);
  await settled(page);
  await expect(customer).toHaveValue("grace@example.com");
  expect(await rowIds(page)).toEqual(grace.items.map((order) => order.id));
});

test("order page: amounts, customer, product; an unknown id is not found", async ({ page, request }) => {
  // The oldest one-time order (a purchase with its custom fields), listed first by the same filter
  // and sorting in the dashboard's URL.
  const query = "product_price_type=one_time&sorting=created_at";
  const [order] = (await apiOrders(request, query)).items;
  await signIn(page, `${ORDERS}?${query}`);
  await settled(page);
  await table(page).locator(`a[href$="/${order!.id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(`Order ${order!.invoice_number}`);
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(
    order!.amount / 100,
  );
  await expect(card(page, "Amounts")).toContainText(amount);
  await expect(card(page, "Customer")).toContainText(order!.customer.email);
  await expect(card(page, "Product")).toContainText(order!.product.name);
  await expect(card(page, "Custom fields")).toContainText("company");
  await shot(page, "order-detail");

  await page.getByRole("link", { name: "Orders of this customer" }).click();
  await expect(page).toHaveURL(/\/orders\?customer_id=[0-9a-f-]+$/);
  await settled(page);
  for (const email of await rows(page).locator("td:nth-child(3)").allInnerTexts()) {
    expect(email).toBe(order!.customer.email);
  }

  await page.goto(`${ORDERS}/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  await page.getByRole("link", { name: "All orders" }).click();
  await expect(page).toHaveURL(/\/orders$/);
});

test("orders: Export CSV downloads exactly the filtered list", async ({ page, request }) => {
  const recurring = await apiOrders(request, "product_price_type=recurring&sorting=-amount");
  await signIn(page, `${ORDERS}?product_price_type=recurring&sorting=-amount`);
  await settled(page);
  const link = page.getByRole("link", { name: "Export CSV" });
  await expect(link).toHaveAttribute("href", /product_price_type=recurring/);

  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile(await download.path(), "utf8")).trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    "id,invoice_number,created_at,status,billing_reason,customer_email,customer_name,product,price_type,discount_code," +
      "subscription_id,currency,amount,tax_amount,refunded_amount",
  );
  const records = lines.slice(1);
  expect(records).toHaveLength(recurring.pagination.total_count);
  expect(records.map((line) => line.split(",")[0])).toEqual(recurring.items.map((order) => order.id));
  for (const line of records) expect(line).toContain(",recurring,");
  expect(await rowIds(page)).toEqual(recurring.items.slice(0, 20).map((order) => order.id));
});
