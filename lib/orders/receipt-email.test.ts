// The receipt's read of its order, one statement sent straight, must be what Prisma's include of
// the same relations gave (the include below is the one it replaced): the order's row, its
// organization, customer, product, price, discount, checkout, and its grants in the order they were
// made with each one's key (expiry as a Date). PGlite by default, PostgreSQL with TEST_DATABASE_URL.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { readReceiptOrder } from "@/lib/orders/receipt-email";
import {
  createBenefit,
  createCheckout,
  createCustomer,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
} from "@/lib/factories";

const replacedInclude = {
  organization: { select: { id: true, name: true, email: true, tax_id: true, tax_id_type: true } },
  customer: { select: { id: true, email: true, name: true, tax_id: true, locale: true } },
  product: { select: { name: true } },
  product_price: { select: { type: true, recurring_interval: true } },
  discount: { select: { name: true, duration: true, duration_in_months: true } },
  checkout: {
    select: {
      id: true,
      amount: true,
      discount_amount: true,
      total_amount: true,
      total_amount_after_discount_ends: true,
      trial_end: true,
      client_secret_ciphertext: true,
      legacy_client_secret: true,
      customer_tax_id: true,
      locale: true,
    },
  },
  benefit_grants: {
    select: {
      benefit: { select: { description: true } },
      license_key: { select: { key: true, expires_at: true } },
    },
    orderBy: { created_at: "asc" },
  },
} as const;

describe("a receipt's order", () => {
  it("reads as Prisma's include did, with or without discount, checkout and keys; null for none", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const keys = await createBenefit(db, org.id, {
      type: "license_keys",
      description: "A key for a year",
      properties: { expires: { ttl: 1, timeframe: "year" } },
    });
    const guide = await createBenefit(db, org.id, { type: "custom", description: "The guide" });
    const { price } = await createProduct(db, org.id, {
      price: { recurring_interval: "month" },
      benefitIds: [guide.id, keys.id],
    });
    const { price: plain } = await createProduct(db, org.id, {});
    const discount = await createDiscount(db, org.id, { duration: "repeating", duration_in_months: 3 });
    const customer = await createCustomer(db, org.id, { name: null });
    const checkout = await createCheckout(db, org.id, price.id, { discount_id: discount.id });

    const full = await createOrder(db, org.id, {
      customerId: customer.id,
      priceId: price.id,
      order: { discount_id: discount.id, checkout_id: checkout.id, billing_address: { country: "FR" } },
    });
    const bare = await createOrder(db, org.id, { customerId: customer.id, priceId: plain.id });
    for (const order of [full, bare]) {
      const viaPrisma = await db.order.findUniqueOrThrow({
        where: { id: order.id },
        include: replacedInclude,
      });
      expect(await readReceiptOrder(db, order.id)).toEqual(viaPrisma);
    }
    const read = await readReceiptOrder(db, full.id);
    expect(read!.benefit_grants.map((grant) => grant.benefit.description)).toEqual([
      "The guide",
      "A key for a year",
    ]);
    expect(read!.benefit_grants[1]!.license_key!.expires_at).toBeInstanceOf(Date);
    expect(await readReceiptOrder(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
