// The checkout page's Content-Security-Policy (proxy.ts): Stripe's script, frames and API are
// allowed on a Stripe session's page only (docs/checkout.md, "Stripe on the checkout page and in
// Settings"); a test processor's session, an unknown secret and the other pages keep a policy with
// no third party. The portal of an organization with Stripe lets Stripe in too.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCheckout, createOrganization, createProduct } from "@/lib/factories";
import { checkoutContentSecurityPolicy, pageContentSecurityPolicy, proxy } from "@/proxy";

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split("; ").map((part) => {
      const [name, ...sources] = part.split(" ");
      return [name!, sources];
    }),
  );

describe("checkoutContentSecurityPolicy", () => {
  const base = { nonce: "abc123", frameAncestor: null };

  it("adds exactly Stripe's sources for a Stripe session", () => {
    const policy = directives(checkoutContentSecurityPolicy({ ...base, paymentProcessor: "stripe" }));
    expect(policy["script-src"]).toEqual([
      "'self'",
      "'nonce-abc123'",
      "'strict-dynamic'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(policy["frame-src"]).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    // Everything else as for any session.
    expect(policy["default-src"]).toEqual(["'self'"]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["frame-ancestors"]).toEqual(["'none'"]);
    expect(policy["style-src"]).toEqual(["'self'", "'nonce-abc123'"]);
  });

  it("keeps today's policy, with no third party, for the test processor and an unknown one", () => {
    const today = checkoutContentSecurityPolicy(base);
    expect(today).toBe(
      "default-src 'self'; script-src 'self' 'nonce-abc123' 'strict-dynamic'; style-src 'self' 'nonce-abc123'; " +
        "img-src 'self' data: blob: https:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    for (const paymentProcessor of ["test", "Stripe", "stripe ", null]) {
      expect(checkoutContentSecurityPolicy({ ...base, paymentProcessor })).toBe(today);
    }
    expect(pageContentSecurityPolicy({ nonce: "abc123" })).not.toContain("stripe");
  });

  it("keeps the development additions after Stripe's", () => {
    const policy = directives(
      checkoutContentSecurityPolicy({
        ...base,
        paymentProcessor: "stripe",
        dev: true,
        frameAncestor: "https://a.example",
      }),
    );
    expect(policy["script-src"]!.at(-1)).toBe("'unsafe-eval'");
    expect(policy["connect-src"]).toEqual(["'self'", "https://api.stripe.com", "ws:", "wss:"]);
    expect(policy["frame-ancestors"]).toEqual(["https://a.example"]);
  });
});

describe("the checkout page's policy, by its session", () => {
  let db: Db;
  let priceId: string;
  let organizationId: string;
  beforeAll(async () => {
    db = await getDb();
    organizationId = (await createOrganization(db)).id;
    priceId = (await createProduct(db, organizationId, {})).price.id;
  });
  const cspOf = async (secret: string) =>
    (await proxy(new NextRequest(`http://localhost/checkout/${secret}`))).headers.get(
      "content-security-policy",
    )!;

  it("lets Stripe in on a Stripe session's page only", async () => {
    const stripe = await createCheckout(db, organizationId, priceId, {
      payment_processor: "stripe",
      embed_origin: "https://shop.example",
    });
    const test = await createCheckout(db, organizationId, priceId);
    const stripePolicy = directives(await cspOf(stripe.client_secret));
    expect(stripePolicy["frame-src"]).toContain("https://js.stripe.com");
    expect(stripePolicy["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(stripePolicy["frame-ancestors"]).toEqual(["https://shop.example"]);

    for (const secret of [test.client_secret, "cs_unknown", "x".repeat(200)]) {
      const csp = await cspOf(secret);
      expect(csp, secret).not.toContain("stripe");
      expect(directives(csp)["frame-src"]).toBeUndefined();
    }
  });
});

describe("the portal page's policy, by its organization", () => {
  it("lets Stripe in on the portal of an organization with Stripe keys only (a new card goes in Stripe's form)", async () => {
    const db = await getDb();
    const withStripe = await createOrganization(db);
    await db.paymentProcessorSetting.create({
      data: {
        organization_id: withStripe.id,
        processor: "stripe",
        livemode: false,
        publishable_key: "pk_test_x",
      },
    });
    const without = await createOrganization(db);
    const cspOf = async (path: string) =>
      (await proxy(new NextRequest(`http://localhost${path}`))).headers.get("content-security-policy")!;

    const stripePolicy = directives(await cspOf(`/portal/${withStripe.slug}`));
    expect(stripePolicy["frame-src"]).toContain("https://js.stripe.com");
    expect(stripePolicy["connect-src"]).toEqual(["'self'", "https://api.stripe.com"]);
    expect(stripePolicy["frame-ancestors"]).toEqual(["'none'"]);
    for (const path of [
      `/portal/${without.slug}`,
      "/portal/no-such-shop",
      `/portal/${"x".repeat(200)}`,
      "/dashboard",
    ]) {
      const csp = await cspOf(path);
      expect(csp, path).not.toContain("stripe");
    }
  });
});
