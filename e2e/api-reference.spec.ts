// The API reference as a newcomer finds it: signed out, from the home page; an operation's schema
// and examples, a webhook event's payload, the internal routes last, and 375 px wide on a phone.
import { expect, test } from "./fixtures";

test("the API reference shows schemas, examples, webhook payloads and error shapes", async ({
  page,
  request,
}) => {
  const document = await (await request.get("/v1/openapi.json")).json();
  await page.goto("/");
  await page.getByRole("link", { name: "API reference" }).click();
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("API reference");

  // Every operation is in the contents, grouped by tag.
  const operations = Object.values(document.paths as Record<string, object>).reduce(
    (sum, methods) => sum + Object.keys(methods).length,
    0,
  );
  const contents = page.getByRole("navigation", { name: "API reference contents" });
  await expect(contents.locator("li li a")).toHaveCount(operations);

  // An operation: its request schema, its response schema, an example request and response.
  await contents
    .getByRole("link", { name: /The buyer confirms and pays/ })
    .first()
    .click();
  const confirm = page.locator("section:target");
  await expect(confirm.getByRole("heading", { level: 3 })).toHaveText(/The buyer confirms and pays/);
  await expect(confirm).toContainText("Request body");
  await expect(confirm).toContainText("confirmation_token_id");
  await expect(confirm).toContainText("customer_session_token");
  await expect(confirm.getByText("Example request")).toBeVisible();
  await expect(confirm).toContainText('curl -X POST "https://shop.example.com/v1/checkouts/custom/client/');
  await expect(confirm).toContainText('"customer_session_token": "string"');
  await expect(confirm.getByRole("link", { name: "ValidationError" })).toHaveAttribute("href", "#errors");

  // A webhook event with its payload.
  await contents.getByRole("link", { name: "order.paid" }).click();
  const paid = page.locator("section:target");
  await expect(paid.getByRole("heading", { level: 3 })).toHaveText("order.paid");
  await expect(paid).toContainText("GET /v1/orders/{id}");
  await expect(paid.getByText("Example payload")).toBeVisible();
  await expect(paid.locator("pre")).toContainText('"type": "order.paid"');
  await expect(paid.locator("pre")).toContainText('"refunded_amount": 4900');
  expect(Object.keys(document.webhooks)).toContain("order.paid");

  // The error shapes, and the dashboard's own routes last, marked internal.
  await expect(page.locator("#errors")).toContainText("RequestValidationError");
  const sections = await page.locator("main > section[id]").evaluateAll((all) => all.map((s) => s.id));
  expect(sections.at(-1)).toBe("dashboard-internal");
  expect(sections.indexOf("webhook-events")).toBe(sections.length - 2);
  await expect(page.locator("#dashboard-internal h2")).toContainText("internal");
});

test("the API reference is 375 px wide on a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/docs");
  await expect(page.getByRole("navigation", { name: "API reference contents" })).toBeHidden();
  await page
    .getByRole("navigation", { name: "API sections" })
    .getByRole("link", { name: "Webhook events" })
    .click();
  await expect(page.locator("#webhook-events")).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(375);
});
