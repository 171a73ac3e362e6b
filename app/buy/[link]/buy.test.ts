// GET /buy/<link>: each visit opens a fresh session with the link's settings and answers 303 to its
// page; the redirect is followed to the buyer's route. Unknown links 404, deleted or sold-out ones
// 410 (HTML, or JSON when asked), never a 5xx; visits are limited per client address.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createDiscount, createOrganization, createProduct, createToken } from "@/lib/factories";
import { call, callRaw } from "@/test/http";
import { fromPeer } from "@/test/peer";
import { POST as createLink } from "@/app/v1/checkout-links/route";
import { DELETE as deleteLink } from "@/app/v1/checkout-links/[id]/route";
import { GET as clientGet } from "@/app/v1/checkouts/client/[client_secret]/route";
import { GET as buy } from "./route";

let db: Db;
let token: string;
const ids: Record<string, string> = {};
const savedEnv = { ...process.env };
let peer = 0;

/** A visit from its own address, so the budget is not what is tested (except where it is). */
const visit = (
  link: string,
  options: { query?: Record<string, string>; headers?: Record<string, string>; address?: string } = {},
) =>
  callRaw(buy, {
    path: `/buy/${link}`,
    params: { link },
    query: options.query,
    headers: fromPeer(options.address ?? `198.51.100.${++peer}`, options.headers),
  });

async function newLink(body: Record<string, unknown>) {
  const res = await call(createLink, { token, body });
  expect(res.status).toBe(201);
  return res.body as { id: string; slug: string | null; url: string };
}

/** Follows the 303 to the session's page and reads the session as the page does. */
async function follow(response: Response) {
  expect(response.status).toBe(303);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const location = new URL(response.headers.get("location")!);
  const match = /^\/checkout\/([^/]+)$/.exec(location.pathname);
  expect(match).not.toBeNull();
  const session = await call(clientGet, { params: { client_secret: decodeURIComponent(match![1]!) } });
  expect(session.status).toBe(200);
  return session.body;
}

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  token = (await createToken(db, org.id)).token;
  ids.org = org.id;
  ids.basic = (await createProduct(db, org.id, { price: { price_amount: 2000 } })).product.id;
  ids.pro = (await createProduct(db, org.id, { price: { price_amount: 5000 } })).product.id;
  ids.discount = (await createDiscount(db, org.id, { basis_points: 2500 })).id;
  ids.proOnly = (await createDiscount(db, org.id, { productIds: [ids.pro] })).id;
});

afterAll(() => {
  process.env = savedEnv;
});

describe("GET /buy/<link>", () => {
  it("opens a fresh session with the link's products, discount, codes setting, success URL and metadata", async () => {
    const link = await newLink({
      products: [ids.basic, ids.pro],
      discount_id: ids.discount,
      allow_discount_codes: false,
      success_url: "https://shop.example.com/thanks",
      metadata: { source: "link" },
      slug: "buy-both",
    });
    const first = await follow(await visit(link.id));
    expect(first).toMatchObject({
      status: "open",
      product_id: ids.basic,
      discount_id: ids.discount,
      discount_amount: 500,
      total_amount: 1500,
      allow_discount_codes: false,
      success_url: "https://shop.example.com/thanks",
    });
    expect(first.products.map((p: { id: string }) => p.id)).toEqual([ids.basic, ids.pro]);
    const row = await db.checkoutSession.findUniqueOrThrow({ where: { id: first.id } });
    expect(row).toMatchObject({
      organization_id: ids.org,
      metadata: { source: "link" },
      discount_locked: true,
    });

    // By slug, a second visit: another session.
    const second = await follow(await visit("buy-both", { query: { customer_email: "buyer@example.com" } }));
    expect(second.id).not.toBe(first.id);
    expect(second.customer_email).toBe("buyer@example.com");
    // An invalid prefill is ignored.
    expect(
      (await follow(await visit("buy-both", { query: { customer_email: "nope" } }))).customer_email,
    ).toBeNull();
  });

  it("skips archived products and leaves off a discount that does not apply", async () => {
    const { product } = await createProduct(db, ids.org!, { price: { price_amount: 900 } });
    const link = await newLink({ products: [product.id, ids.pro], discount_id: ids.proOnly });
    const session = await follow(await visit(link.id));
    expect(session).toMatchObject({ product_id: product.id, discount_id: null, total_amount: 900 });
    await db.product.update({ where: { id: product.id }, data: { is_archived: true } });
    const onlyPro = await follow(await visit(link.id));
    expect(onlyPro.products.map((p: { id: string }) => p.id)).toEqual([ids.pro]);
    expect(onlyPro).toMatchObject({ product_id: ids.pro, discount_id: ids.proOnly });
  });

  it("answers 404 for an unknown link and 410 for a deleted or sold-out one, HTML or JSON", async () => {
    const before = await db.checkoutSession.count();
    const unknown = await visit("no-such-link");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("text/html");
    expect(await unknown.text()).toContain("This checkout link does not exist.");
    const unknownJson = await visit("no-such-link", { headers: { accept: "application/json" } });
    expect(unknownJson.status).toBe(404);
    expect(await unknownJson.json()).toEqual({
      error: "ResourceNotFound",
      detail: "This checkout link does not exist.",
    });

    const deleted = await newLink({ products: [ids.basic] });
    await call(deleteLink, { token, method: "DELETE", params: { id: deleted.id } });
    const gone = await visit(deleted.id, { headers: { accept: "application/json" } });
    expect(gone.status).toBe(410);
    expect(await gone.json()).toEqual({
      error: "CheckoutLinkGone",
      detail: "This checkout link is no longer available.",
    });

    const { product } = await createProduct(db, ids.org!);
    const soldOut = await newLink({ products: [product.id] });
    await db.product.update({ where: { id: product.id }, data: { is_archived: true } });
    const html = await visit(soldOut.id);
    expect(html.status).toBe(410);
    expect(await html.text()).toContain("no longer available");
    // NUL is refused by the route wrapper's parameter check, as on every /v1 route.
    expect((await visit("\u0000")).status).toBe(422);
    for (const odd of ["%00", "x".repeat(65), "A-Slug", "a/b"]) expect((await visit(odd)).status).toBe(404);
    expect(await db.checkoutSession.count()).toBe(before);
  });

  it("limits visits per client address", async () => {
    process.env.RATE_LIMIT_BUY_PER_MINUTE = "2";
    const link = await newLink({ products: [ids.basic] });
    const address = "203.0.113.77";
    expect((await visit(link.id, { address })).status).toBe(303);
    expect((await visit(link.id, { address })).status).toBe(303);
    const limited = await visit(link.id, { address });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect((await limited.json()).error).toBe("RateLimitExceeded");
    expect((await visit(link.id, { address: "203.0.113.78" })).status).toBe(303);
  });
});
