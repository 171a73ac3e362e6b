import { expect, test } from "@playwright/test";

test("the landing page says what the service is", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digital Sales Backend");
  await expect(page.getByRole("link", { name: "OpenAPI schema" })).toHaveAttribute(
    "href",
    "/v1/openapi.json",
  );
});

test("unknown API routes answer a JSON 404", async ({ request }) => {
  const res = await request.get("/v1/does-not-exist");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect(await res.json()).toEqual({ error: "ResourceNotFound", detail: "Not found" });
});
