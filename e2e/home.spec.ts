// The home page and what it links to, as a visitor finds them: its subject is the server's own pages
// (no organization's data), so it needs no organization of its own.
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
  const icons = new Set<string>();
  for (const path of ["/", "/docs", "/dashboard/sign-in"]) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]').first()).toBeAttached();
    for (const href of await page
      .locator('link[rel~="icon"]')
      .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href)))
      icons.add(href);
  }
  // Chromium asks for the linked icons after the load event, if at all: each is fetched here
  // instead of waiting for that.
  for (const href of icons) expect((await request.get(href)).status(), href).toBe(200);
  expect(missing).toEqual([]);
});
