// The price order processing grants from, read in one statement sent straight, must be what
// Prisma's include gave: the price row, and its product's benefits in grant order with each
// benefit's row (times as Dates, properties as JSON). PGlite by default, PostgreSQL with
// TEST_DATABASE_URL.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { priceWithBenefits, productBenefitLinks } from "@/lib/benefits/grants";
import { createBenefit, createOrganization, createProduct } from "@/lib/factories";

describe("a price with its product's benefits", () => {
  it("reads as Prisma's include did, in grant order, and null for no price", async () => {
    const db = await getDb();
    const org = await createOrganization(db);
    const keys = await createBenefit(db, org.id, {
      type: "license_keys",
      description: "Keys",
      properties: { prefix: "ACME", activations: { limit: 3 } },
    });
    const download = await createBenefit(db, org.id, { type: "custom", description: "Guide" });
    const { price } = await createProduct(db, org.id, {
      price: { recurring_interval: "year" },
      benefitIds: [download.id, keys.id],
    });
    const { price: bare } = await createProduct(db, org.id, {});

    for (const id of [price.id, bare.id]) {
      const viaPrisma = await db.productPrice.findUniqueOrThrow({
        where: { id },
        include: { product: { select: { product_benefits: productBenefitLinks } } },
      });
      expect(await priceWithBenefits(db, id)).toEqual(viaPrisma);
    }
    const read = await priceWithBenefits(db, price.id);
    expect(read!.product.product_benefits.map((link) => link.benefit.id)).toEqual([download.id, keys.id]);
    expect(await priceWithBenefits(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
  });
});
