// The hosted checkout inside a merchant's page: framing is allowed for the session's embed_origin
// only, and the page tells its parent (that origin only) when it has loaded, is confirmed, and has
// succeeded. The merchant's pages are served by small HTTP servers this spec starts on loopback
// (a page the browser itself fakes has no address, and Chromium's Local Network Access checks
// would then block any loopback frame in it).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { E2E_BASE_URL } from "./env";
import { ownCatalog, ownShop } from "./own-organization";

/** A merchant site: /shop?src=<url> frames the url and records the messages it receives. */
function startMerchant(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://localhost").searchParams.get("src") ?? "";
    const attr = src.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Shop</title><h1>Merchant shop</h1>
      <script>
        window.__messages = [];
        window.addEventListener("message", (e) => window.__messages.push({ origin: e.origin, data: e.data }));
      </script>
      <iframe src="${attr}" title="Checkout" onload="window.__frameLoaded = true"
        style="width: 100%; height: 1400px; border: 0"></iframe>`);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

let merchant: { server: Server; origin: string };
let intruder: { server: Server; origin: string };
const shop = ownShop("embed");
const catalog = ownCatalog(shop);

test.beforeAll(async () => {
  merchant = await startMerchant();
  intruder = await startMerchant();
});

test.afterAll(async () => {
  await Promise.all([merchant, intruder].map(({ server }) => new Promise((r) => server.close(r))));
});

async function studioSession(data: Record<string, unknown> = {}) {
  return (await shop.post("/v1/checkouts/custom/", { product_id: catalog.studio.id, ...data })) as {
    id: string;
    url: string;
  };
}

async function openShop(page: Page, origin: string, url: string) {
  await page.goto(`${origin}/shop?src=${encodeURIComponent(url)}`);
}

/** The frame has loaded what it will show (the checkout, or the browser's refusal page). */
const frameSettled = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __frameLoaded?: boolean }).__frameLoaded === true);

type Received = { origin: string; data: { type?: string; event?: string; checkout_id?: string } };
const messages = (page: Page) =>
  page.evaluate(() => (window as unknown as { __messages: Received[] }).__messages);

test("an embedded checkout runs in the merchant's frame and reports loaded, confirmed, success", async ({
  page,
  request,
}) => {
  const session = await studioSession({ embed_origin: merchant.origin });
  const res = await request.get(session.url);
  expect(res.headers()["content-security-policy"]).toContain(`frame-ancestors ${merchant.origin}`);

  await openShop(page, merchant.origin, session.url);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { level: 1, name: "Acme Studio" })).toBeVisible();
  await expect.poll(async () => (await messages(page)).map((m) => m.data.event)).toEqual(["loaded"]);

  await frame.getByLabel("Email").fill(`embed-${Date.now()}@example.com`);
  await frame.getByLabel("Full name").fill("Em Bed");
  await frame.getByLabel("Country").selectOption("DE");
  await expect(frame.getByTestId("total")).toHaveText("$58.31");
  await frame.getByLabel("Company name").fill("Embed GmbH");
  await frame.getByLabel("Card number").fill("4242 4242 4242 4242");
  await frame.getByLabel("Expiry (MM/YY)").fill("12/34");
  await frame.getByLabel("CVC").fill("123");
  await frame.getByRole("button", { name: /^Pay / }).click();
  await expect(frame.getByRole("heading", { name: "Thank you for your purchase!" })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("embedded-succeeded.png"), fullPage: true });

  await expect
    .poll(async () => (await messages(page)).map((m) => m.data.event))
    .toEqual(["loaded", "confirmed", "success"]);
  for (const message of await messages(page)) {
    expect(message.origin).toBe(E2E_BASE_URL);
    expect(message.data).toMatchObject({ type: "checkout", checkout_id: session.id });
  }
});

test("a session without embed_origin, or framed by another origin, refuses to be framed", async ({
  page,
  request,
}) => {
  const plain = await studioSession();
  expect((await request.get(plain.url)).headers()["content-security-policy"]).toContain(
    "frame-ancestors 'none'",
  );
  await openShop(page, merchant.origin, plain.url);
  await expect(page.getByRole("heading", { name: "Merchant shop" })).toBeVisible();
  await frameSettled(page);
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Acme Studio" })).toHaveCount(0);

  const forMerchant = await studioSession({ embed_origin: merchant.origin });
  await openShop(page, intruder.origin, forMerchant.url);
  await expect(page.getByRole("heading", { name: "Merchant shop" })).toBeVisible();
  await frameSettled(page);
  await expect(page.frameLocator("iframe").getByRole("heading", { name: "Acme Studio" })).toHaveCount(0);
  expect(await messages(page)).toEqual([]);
});
