import { expect, test } from "@playwright/test";

test("the landing page says what the service is", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digital Sales Backend");
  await expect(page.getByRole("link", { name: "OpenAPI schema" })).toHaveAttribute(
    "href",
    "/v1/openapi.json",
  );
  await expect(page.getByRole("link", { name: "Merchant dashboard" })).toHaveAttribute("href", "/dashboard");
});

test("unknown API routes answer a JSON 404", async ({ request }) => {
  const res = await request.get("/v1/does-not-exist");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(await res.json()).toEqual({ error: "ResourceNotFound", detail: "Not found" });
});

test("a production build does not serve the benchmark's pages and routes (/bench/*)", async ({ request }) => {
  for (const path of [
    "/bench",
    "/bench/empty",
    "/bench/hydrated",
    "/bench/constant",
    "/bench/round-trip/x",
  ]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toEqual({ error: "ResourceNotFound", detail: "Not found" });
  }
});

test("pages have an icon: /favicon.ico and the linked icon load, nothing is a 404", async ({
  page,
  request,
}) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\//);
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.status() === 404) missing.push(response.url());
  });
  for (const path of ["/", "/docs", "/dashboard/sign-in"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]').first()).toBeAttached();
  }
  // Chromium asks for the icon after the load event.
  await page.waitForTimeout(500);
  expect(missing).toEqual([]);
});
