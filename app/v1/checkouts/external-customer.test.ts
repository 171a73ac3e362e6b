// `external_customer_id` on a checkout names the buyer's customer: the first purchase sets it on
// the customer it creates; a later purchase with the same external id is that customer's, whatever
// email the buyer typed; a customer already holding another external id keeps it.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createCustomer, createOrganization, createProduct, createToken } from "@/lib/factories";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { call } from "@/test/http";
import { POST as create } from "./route";
import { POST as confirm } from "./client/[client_secret]/confirm/route";

let db: Db;
let token = "";
let productId = "";
let organizationId = "";

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db);
  organizationId = org.id;
  token = (await createToken(db, org.id)).token;
  productId = (await createProduct(db, org.id)).product.id;
});

async function buy(externalId: string, email: string) {
  const session = await call(create, {
    token,
    body: { products: [productId], external_customer_id: externalId },
  });
  expect(session.status).toBe(201);
  const confirmed = await call(confirm, {
    params: { client_secret: session.body.client_secret },
    body: {
      customer_email: email,
      customer_name: "Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    },
  });
  expect(confirmed.status).toBe(200);
  return confirmed.body.customer_id as string;
}

describe("external_customer_id at confirm", () => {
  it("is set on the new customer, and names that customer on the next purchase", async () => {
    const first = await buy("user_42", "first@example.com");
    expect(await db.customer.findUniqueOrThrow({ where: { id: first } })).toMatchObject({
      email: "first@example.com",
      external_id: "user_42",
    });
    const second = await buy("user_42", "another-address@example.com");
    expect(second).toBe(first);
    expect(await db.customer.count({ where: { organization_id: organizationId } })).toBe(1);
  });

  it("is set on an existing customer of that email without one, and never replaces one", async () => {
    const plain = await createCustomer(db, organizationId, { email: "plain@example.com" });
    expect(await buy("user_7", "plain@example.com")).toBe(plain.id);
    expect((await db.customer.findUniqueOrThrow({ where: { id: plain.id } })).external_id).toBe("user_7");
    const held = await createCustomer(db, organizationId, {
      email: "held@example.com",
      external_id: "crm_1",
    });
    expect(await buy("user_8", "held@example.com")).toBe(held.id);
    expect((await db.customer.findUniqueOrThrow({ where: { id: held.id } })).external_id).toBe("crm_1");
  });
});
