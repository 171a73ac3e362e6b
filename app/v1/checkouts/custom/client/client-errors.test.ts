// The buyer's routes when things go wrong (docs/api.md §2, §4 and §6): unknown secrets, sessions
// that are no longer open, confirm's checks reported together, declined payments that leave the
// session open and untouched, discount codes, one active subscription, and the merchant's fields
// that the client view never shows nor accepts.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import {
  createCheckout,
  createCustomer,
  createCustomField,
  createDiscount,
  createOrder,
  createOrganization,
  createProduct,
} from "@/lib/factories";
import { runDueJobs } from "@/lib/jobs/queue";
import { jobHandlers } from "@/lib/composition/jobs";
import { TEST_TOKENS } from "@/lib/payments/test-processor";
import { CHECK_EMAIL_MESSAGE } from "@/lib/checkout/existing-subscription";
import { emailBodyContext } from "@/lib/email/queue";
import { portalUrl } from "@/lib/public-url";
import { decrypt } from "@/lib/secrets";
import { call } from "@/test/http";
import { GET as read, PATCH as update } from "./[client_secret]/route";
import { POST as confirm } from "./[client_secret]/confirm/route";

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };
type Session = Awaited<ReturnType<typeof createCheckout>>;

let db: Db;
const ids: Record<string, string> = {};

const params = (secret: string) => ({ params: { client_secret: secret } });
const get = (secret: string) => call(read, params(secret));
const patch = (secret: string, body: unknown) => call(update, { ...params(secret), method: "PATCH", body });
const pay = (secret: string, body: unknown) => call(confirm, { ...params(secret), body });

/** An open session on a price of the main organization (or another one). */
const open = (priceId: string, data: Parameters<typeof createCheckout>[3] = {}, organizationId = ids.org!) =>
  createCheckout(db, organizationId, priceId, data);

/** Everything confirm could have written for a session: all of it must stay put on an error. */
async function effects(session: Session) {
  return {
    row: await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } }),
    customers: await db.customer.count({ where: { organization_id: session.organization_id } }),
    redemptions: await db.discountRedemption.count({ where: { checkout_id: session.id } }),
    jobs: await db.job.count({ where: { payload: { path: ["checkout_id"], equals: session.id } } }),
    discounts: await db.discount.findMany({
      orderBy: { id: "asc" },
      select: { id: true, redemptions_count: true },
    }),
    customerSessions: await db.customerSession.count(),
    orders: await db.order.count({ where: { checkout_id: session.id } }),
  };
}

const notOpen = (session: { id: string }, status: string) => ({
  status: 403,
  body: { error: "NotOpenCheckout", detail: `Checkout ${session.id} is not open: ${status}` },
});

const missing = (...loc: (string | number)[]): Problem => ({
  type: "missing",
  loc: ["body", ...loc],
  msg: "Field required",
  input: null,
});

const invalid = (detail: Problem[]) => ({ status: 422, body: { error: "RequestValidationError", detail } });

/** What a buyer fills in on a paid one-time session of the main product. */
const buyer = (email = `buyer-${randomUUID().slice(0, 8)}@example.com`) => ({
  customer_email: email,
  customer_name: "Jane Buyer",
  customer_billing_address: { country: "US" },
  custom_field_data: { company: "Acme" },
});

const MERCHANT_FIELDS = ["metadata", "subscription_id", "customer_metadata"];

beforeAll(async () => {
  db = await getDb();
  const org = await createOrganization(db, { name: "Client Org" });
  const other = await createOrganization(db);
  const lenient = await createOrganization(db, { allow_multiple_subscriptions: true });
  const { product, price } = await createProduct(db, org.id, { price: { price_amount: 2000 } });
  await createCustomField(db, org.id, {
    slug: "company",
    attachTo: { productId: product.id, required: true },
  });
  await createCustomField(db, org.id, {
    slug: "size",
    type: "select",
    properties: { form_label: "Size", options: [{ value: "s", label: "Small" }] },
    attachTo: { productId: product.id, order: 1 },
  });
  const { product: monthly, price: monthlyPrice } = await createProduct(db, org.id, {
    price: { recurring_interval: "month", price_amount: 1500 },
  });
  const { price: freePrice } = await createProduct(db, org.id, {
    price: { amount_type: "free", price_amount: null },
  });
  const { price: lenientMonthly } = await createProduct(db, lenient.id, {
    price: { recurring_interval: "month", price_amount: 900 },
  });
  Object.assign(ids, {
    org: org.id,
    lenient: lenient.id,
    product: product.id,
    price: price.id,
    monthly: monthly.id,
    monthlyPrice: monthlyPrice.id,
    freePrice: freePrice.id,
    lenientMonthly: lenientMonthly.id,
  });
  ids.save10 = (await createDiscount(db, org.id, { code: "SAVE10", basis_points: 1000 })).id;
  ids.all = (await createDiscount(db, org.id, { code: "ALL100", basis_points: 10_000 })).id;
  ids.ended = (await createDiscount(db, org.id, { code: "ENDED", ends_at: new Date(Date.now() - 1000) })).id;
  ids.monthlyOnly = (await createDiscount(db, org.id, { code: "MONTHLY", productIds: [monthly.id] })).id;
  ids.merchant = (
    await createDiscount(db, org.id, { type: "fixed", amount: 500, currency: "usd", code: "FIVE" })
  ).id;
  await createDiscount(db, other.id, { code: "FOREIGN" });
});

describe("an unknown client secret", () => {
  it("is 404 ResourceNotFound on GET, PATCH and confirm", async () => {
    const notFound = { status: 404, body: { error: "ResourceNotFound", detail: "Not found" } };
    expect(await get("cs_unknown")).toMatchObject(notFound);
    expect(await patch("cs_unknown", { customer_name: "X" })).toMatchObject(notFound);
    expect(await pay("cs_unknown", { confirmation_token_id: TEST_TOKENS.succeeds })).toMatchObject(notFound);
    expect((await get("cs_unknown")).body).toEqual(notFound.body);
  });
});

describe("reading a session that is not open", () => {
  it("is 200 with its real status", async () => {
    for (const status of ["expired", "confirmed", "succeeded", "failed"] as const) {
      const session = await open(ids.price!, { status });
      const res = await get(session.client_secret);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: session.id, status });
    }
  });

  it("reads an open session past expires_at as expired, as its writes are refused", async () => {
    const session = await open(ids.price!, { expires_at: new Date(Date.now() - 1000) });
    const res = await get(session.client_secret);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("expired");
    expect(await patch(session.client_secret, { customer_name: "Late" })).toMatchObject(
      notOpen(session, "expired"),
    );
    // The sweeper has not run: the stored status is still open.
    expect((await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).status).toBe("open");
  });
});

describe("writing a session that is not open", () => {
  it("is 403 NotOpenCheckout on PATCH and confirm, and changes nothing", async () => {
    const cases = [
      ["expired", { status: "expired" }],
      ["expired", { expires_at: new Date(Date.now() - 1000) }],
      ["confirmed", { status: "confirmed" }],
      ["succeeded", { status: "succeeded" }],
      ["failed", { status: "failed" }],
    ] as const;
    for (const [status, data] of cases) {
      const session = await open(ids.price!, data);
      const before = await effects(session);
      expect(await patch(session.client_secret, { customer_name: "Changed" })).toMatchObject(
        notOpen(session, status),
      );
      expect(
        await pay(session.client_secret, { ...buyer(), confirmation_token_id: TEST_TOKENS.succeeds }),
      ).toMatchObject(notOpen(session, status));
      expect(await effects(session)).toEqual(before);
    }
  });

  it("answers the same confirm sent twice with NotOpenCheckout, and makes one order", async () => {
    const session = await open(ids.price!);
    const body = { ...buyer(), confirmation_token_id: TEST_TOKENS.succeeds };
    const first = await pay(session.client_secret, body);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe("confirmed");
    const second = await pay(session.client_secret, body);
    expect(second).toMatchObject(notOpen(session, "confirmed"));
    await runDueJobs(db, jobHandlers);
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
    expect(await db.job.count({ where: { payload: { path: ["checkout_id"], equals: session.id } } })).toBe(1);
    expect(await pay(session.client_secret, body)).toMatchObject(notOpen(session, "succeeded"));
    expect(await db.order.count({ where: { checkout_id: session.id } })).toBe(1);
  });
});

describe("confirm's checks", () => {
  it("requires the email, alone when nothing else is missing", async () => {
    const session = await open(ids.price!);
    const { customer_email: _, ...rest } = buyer();
    expect(
      await pay(session.client_secret, { ...rest, confirmation_token_id: TEST_TOKENS.succeeds }),
    ).toMatchObject(invalid([missing("customer_email")]));
  });

  it("requires the name and country when a payment is required", async () => {
    const session = await open(ids.price!);
    const res = await pay(session.client_secret, {
      customer_email: "a@example.com",
      custom_field_data: { company: "Acme" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(res).toMatchObject(
      invalid([missing("customer_name"), missing("customer_billing_address", "country")]),
    );
    expect(res.body.detail).toHaveLength(2);
  });

  // Issue 13: a subscription whose first period is free still saves a card for its renewals.
  it("requires the name, country and the card token when only a payment setup is required", async () => {
    const session = await open(ids.monthlyPrice!);
    expect((await patch(session.client_secret, { discount_code: "ALL100" })).body).toMatchObject({
      total_amount: 0,
      is_payment_required: false,
      is_payment_setup_required: true,
      is_payment_form_required: true,
    });
    const res = await pay(session.client_secret, { customer_email: "setup@example.com" });
    expect(res.body.detail).toEqual([
      missing("customer_name"),
      missing("customer_billing_address", "country"),
      missing("confirmation_token_id"),
    ]);
  });

  it("requires only the email for a free price", async () => {
    const session = await open(ids.freePrice!);
    const res = await pay(session.client_secret, {});
    expect(res).toMatchObject(invalid([missing("customer_email")]));
    expect(res.body.detail).toHaveLength(1);
    const ok = await pay(session.client_secret, { customer_email: "free@example.com" });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("confirmed");
  });

  it("requires the payment token when the total is above 0", async () => {
    const session = await open(ids.price!);
    const res = await pay(session.client_secret, buyer());
    expect(res.body).toEqual({ error: "RequestValidationError", detail: [missing("confirmation_token_id")] });
  });

  it("requires the required custom field, at its own loc", async () => {
    const session = await open(ids.price!);
    const body = { ...buyer(), confirmation_token_id: TEST_TOKENS.succeeds };
    const absent = await pay(session.client_secret, { ...body, custom_field_data: {} });
    expect(absent).toMatchObject(invalid([missing("custom_field_data", "company")]));
    const empty = await pay(session.client_secret, { ...body, custom_field_data: { company: "" } });
    // An empty answer is stored as no answer: the problem shows null, like an absent one.
    expect(empty.body.detail).toEqual([missing("custom_field_data", "company")]);
    const wrong = await pay(session.client_secret, {
      ...body,
      custom_field_data: { company: "Acme", size: "xl" },
    });
    expect(wrong.body.detail).toEqual([
      { type: "enum", loc: ["body", "custom_field_data", "size"], msg: "Input should be 's'", input: "xl" },
    ]);
  });

  it("reports every problem at once and changes nothing", async () => {
    const session = await open(ids.price!);
    const before = await effects(session);
    const res = await pay(session.client_secret, {});
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: "RequestValidationError",
      detail: [
        missing("customer_email"),
        missing("customer_name"),
        missing("customer_billing_address", "country"),
        missing("confirmation_token_id"),
        missing("custom_field_data", "company"),
      ],
    });
    // Body problems of the schema come in one list too.
    const bad = await pay(session.client_secret, {
      customer_email: "nope",
      amount: "x",
      customer_billing_address: { city: "Berlin" },
      confirmation_token_id: "",
    });
    expect(bad.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([
      ["value_error", ["body", "customer_email"]],
      ["missing", ["body", "customer_billing_address", "country"]],
      ["int_type", ["body", "amount"]],
      ["string_too_short", ["body", "confirmation_token_id"]],
    ]);
    expect(await effects(session)).toEqual(before);
  });

  it("refuses an archived price and a discount that is no longer redeemable", async () => {
    const { price } = await createProduct(db, ids.org!, { price: { price_amount: 300 } });
    const archived = await open(price.id);
    await db.productPrice.update({ where: { id: price.id }, data: { is_archived: true } });
    const res = await pay(archived.client_secret, {
      ...buyer(),
      custom_field_data: undefined,
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(res).toMatchObject(
      invalid([
        {
          type: "value_error",
          loc: ["body", "product_price_id"],
          msg: "Price is archived.",
          input: price.id,
        },
      ]),
    );

    const discount = await createDiscount(db, ids.org!, { code: `GONE${randomUUID().slice(0, 4)}` });
    const session = await open(ids.price!);
    expect((await patch(session.client_secret, { discount_code: discount.code })).status).toBe(200);
    await db.discount.update({ where: { id: discount.id }, data: { ends_at: new Date(Date.now() - 1000) } });
    const before = await effects(session);
    const late = await pay(session.client_secret, {
      ...buyer(),
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(late).toMatchObject(
      invalid([
        {
          type: "value_error",
          loc: ["body", "discount_id"],
          msg: "Discount is no longer redeemable.",
          input: discount.id,
        },
      ]),
    );
    expect(await effects(session)).toEqual(before);
  });
});

describe("a declined payment", () => {
  it("is 400 PaymentError, leaves the session open and unchanged, and a retry succeeds", async () => {
    const session = await open(ids.price!);
    const email = "declined@example.com";
    const filled = await patch(session.client_secret, { ...buyer(email), discount_code: "SAVE10" });
    expect(filled.body).toMatchObject({ status: "open", total_amount: 1800, customer_email: email });
    const before = await effects(session);

    const declined = await pay(session.client_secret, {
      customer_name: "Changed Name",
      confirmation_token_id: TEST_TOKENS.declined,
    });
    expect(declined).toMatchObject({
      status: 400,
      body: { error: "PaymentError", detail: "Your card was declined." },
    });
    expect(declined.body).toEqual({ error: "PaymentError", detail: "Your card was declined." });
    expect(await effects(session)).toEqual(before);
    expect(before.row).toMatchObject({
      status: "open",
      customer_email: email,
      customer_name: "Jane Buyer",
      customer_id: null,
      total_amount: 1800,
      payment_id: null,
    });
    expect(await db.customer.count({ where: { email } })).toBe(0);
    expect((await get(session.client_secret)).body.status).toBe("open");

    // The retry's own changes count: the tax id sent with it reaches the new customer too.
    const retried = await pay(session.client_secret, {
      customer_tax_id: "GB123456789",
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({
      status: "confirmed",
      total_amount: 1800,
      customer_name: "Jane Buyer",
      customer_tax_id: "GB123456789",
    });
    expect(await db.customer.findFirstOrThrow({ where: { email } })).toMatchObject({
      id: retried.body.customer_id,
      name: "Jane Buyer",
      tax_id: "GB123456789",
    });
    expect(await db.discountRedemption.count({ where: { checkout_id: session.id } })).toBe(1);
    await runDueJobs(db, jobHandlers);
    expect(await db.order.findUniqueOrThrow({ where: { checkout_id: session.id } })).toMatchObject({
      amount: 1800,
    });
  });

  it("is 400 when saving the card of a fully discounted subscription is declined", async () => {
    const session = await open(ids.monthlyPrice!);
    await patch(session.client_secret, { ...buyer(), custom_field_data: undefined, discount_code: "ALL100" });
    const before = await effects(session);
    expect(before.row.total_amount).toBe(0);
    const res = await pay(session.client_secret, { confirmation_token_id: TEST_TOKENS.declined });
    expect(res).toMatchObject({
      status: 400,
      body: { error: "PaymentError", detail: "Your card was declined." },
    });
    expect(await effects(session)).toEqual(before);
  });

  it("is 400 for insufficient funds and for an unknown token, changing nothing", async () => {
    const session = await open(ids.price!);
    const body = buyer();
    const before = await effects(session);
    const poor = await pay(session.client_secret, {
      ...body,
      confirmation_token_id: TEST_TOKENS.insufficientFunds,
    });
    expect(poor).toMatchObject({
      status: 400,
      body: { error: "PaymentError", detail: "Your card has insufficient funds." },
    });
    const bogus = await pay(session.client_secret, { ...body, confirmation_token_id: "tok_bogus" });
    expect(bogus).toMatchObject({
      status: 400,
      body: { error: "PaymentError", detail: "The payment token is not valid." },
    });
    expect(await effects(session)).toEqual(before);
  });
});

describe("discount codes", () => {
  const codeProblem = (msg: string, input: string) =>
    invalid([{ type: "value_error", loc: ["body", "discount_code"], msg, input }]);

  it("refuses an unknown code, another organization's, an ended one and one for another product", async () => {
    const session = await open(ids.price!);
    const before = await effects(session);
    expect(await patch(session.client_secret, { discount_code: "NOPE" })).toMatchObject(
      codeProblem("Discount code is not valid.", "NOPE"),
    );
    expect(await patch(session.client_secret, { discount_code: "foreign" })).toMatchObject(
      codeProblem("Discount code is not valid.", "foreign"),
    );
    expect(await patch(session.client_secret, { discount_code: "ended" })).toMatchObject(
      codeProblem("Discount is no longer redeemable.", "ended"),
    );
    expect(await patch(session.client_secret, { discount_code: "MONTHLY" })).toMatchObject(
      codeProblem("Discount does not apply to this product.", "MONTHLY"),
    );
    // The same refusal at confirm, with nothing taken.
    expect(
      await pay(session.client_secret, {
        ...buyer(),
        discount_code: "NOPE",
        confirmation_token_id: TEST_TOKENS.succeeds,
      }),
    ).toMatchObject(codeProblem("Discount code is not valid.", "NOPE"));
    expect(await effects(session)).toEqual(before);
  });

  it("ignores codes when the merchant disabled them", async () => {
    const session = await open(ids.price!, { allow_discount_codes: false });
    for (const code of ["SAVE10", "NOPE", null]) {
      const res = await patch(session.client_secret, { discount_code: code });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ discount_id: null, discount: null, total_amount: 2000 });
    }
    expect(
      (await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).discount_id,
    ).toBeNull();
  });

  it("never lets the buyer change or remove the merchant's discount", async () => {
    const session = await open(ids.price!, { discount_id: ids.merchant, discount_locked: true });
    for (const code of ["SAVE10", "NOPE", null]) {
      const res = await patch(session.client_secret, { discount_code: code });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ discount_id: ids.merchant, discount_amount: 500, total_amount: 1500 });
    }
    const confirmed = await pay(session.client_secret, {
      ...buyer(),
      discount_code: "SAVE10",
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(confirmed.body).toMatchObject({
      status: "confirmed",
      discount_id: ids.merchant,
      total_amount: 1500,
    });
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      discount_id: ids.merchant,
      discount_locked: true,
    });
  });
});

describe("one active subscription per buyer", () => {
  it("says only 'check your email', with nothing taken, and emails the subscriber a portal link", async () => {
    const customer = await createCustomer(db, ids.org!, { email: "subscriber@example.com" });
    await createOrder(db, ids.org!, {
      customerId: customer.id,
      priceId: ids.monthlyPrice!,
      withBenefits: false,
    });
    const session = await open(ids.monthlyPrice!);
    const before = await effects(session);
    const res = await pay(session.client_secret, {
      ...buyer("Subscriber@Example.com"),
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    // Nothing in the answer says the address subscribes: whoever typed it learns only to look there.
    expect(res).toMatchObject({ status: 403 });
    expect(res.body).toEqual({ error: "CheckEmail", detail: CHECK_EMAIL_MESSAGE });
    expect(JSON.stringify(res.body)).not.toMatch(/subscri/i);
    expect(await effects(session)).toEqual(before);

    // The address's owner is told why, and where to manage the subscription.
    const sent = () =>
      db.email.findMany({ where: { customer_id: customer.id, kind: "existing_subscription" } });
    const [email] = await sent();
    expect(email).toMatchObject({ to: "subscriber@example.com", status: "queued" });
    const text = decrypt(email!.text_sealed, emailBodyContext(email!.id, "text"));
    expect(text).toContain("already has an active subscription");
    const slug = (await db.organization.findUniqueOrThrow({ where: { id: ids.org! } })).slug;
    expect(text).toContain(portalUrl(slug));
    // Confirming again and again sends nothing more within the hour.
    const again = await pay(session.client_secret, {
      ...buyer("subscriber@example.com"),
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(again).toMatchObject({ status: 403, body: { error: "CheckEmail" } });
    expect(await sent()).toHaveLength(1);

    // A one-time purchase by the same buyer is not a subscription.
    const oneTime = await open(ids.price!);
    const bought = await pay(oneTime.client_secret, {
      ...buyer("subscriber@example.com"),
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(bought.status).toBe(200);
  });

  it("lets a buyer whose subscription ended subscribe again", async () => {
    const customer = await createCustomer(db, ids.org!, { email: "former@example.com" });
    await createOrder(db, ids.org!, {
      customerId: customer.id,
      priceId: ids.monthlyPrice!,
      withBenefits: false,
    });
    await db.subscription.updateMany({ where: { customer_id: customer.id }, data: { status: "canceled" } });
    const session = await open(ids.monthlyPrice!);
    const res = await pay(session.client_secret, {
      ...buyer("former@example.com"),
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(res.status).toBe(200);
  });

  it("allows another subscription when the organization allows several", async () => {
    const customer = await createCustomer(db, ids.lenient!, { email: "many@example.com" });
    await createOrder(db, ids.lenient!, {
      customerId: customer.id,
      priceId: ids.lenientMonthly!,
      withBenefits: false,
    });
    const session = await open(ids.lenientMonthly!, {}, ids.lenient);
    const res = await pay(session.client_secret, {
      customer_email: "many@example.com",
      customer_name: "Many",
      customer_billing_address: { country: "US" },
      confirmation_token_id: TEST_TOKENS.succeeds,
    });
    expect(res.status).toBe(200);
    expect(res.body.customer_id).toBe(customer.id);
  });
});

describe("the merchant's fields", () => {
  it("are never shown by GET, PATCH or confirm", async () => {
    const subscriptionId = randomUUID();
    const session = await open(ids.price!, {
      metadata: { secret: "merchant" },
      customer_metadata: { crm: "1" },
      subscription_id: subscriptionId,
    });
    const responses = [
      await get(session.client_secret),
      await patch(session.client_secret, { customer_name: "Ann" }),
      await pay(session.client_secret, { ...buyer(), confirmation_token_id: TEST_TOKENS.succeeds }),
      await get(session.client_secret),
    ];
    for (const res of responses) {
      expect(res.status).toBe(200);
      for (const key of MERCHANT_FIELDS) expect(res.body).not.toHaveProperty(key);
      expect(JSON.stringify(res.body)).not.toContain("merchant");
      expect(JSON.stringify(res.body)).not.toContain(subscriptionId);
    }
  });

  it("are ignored in a client PATCH body, as unknown fields are on every route", async () => {
    const session = await open(ids.price!, { metadata: { kept: true } });
    const res = await patch(session.client_secret, {
      metadata: { injected: true },
      customer_metadata: { injected: true },
      discount_id: ids.all,
      allow_discount_codes: false,
      success_url: "https://evil.example.com/",
      customer_id: randomUUID(),
      customer_name: "Ann",
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      customer_name: "Ann",
      discount_id: null,
      allow_discount_codes: true,
      total_amount: 2000,
      customer_id: null,
    });
    expect(res.body.success_url).toMatch(/\/confirmation$/);
    expect(await db.checkoutSession.findUniqueOrThrow({ where: { id: session.id } })).toMatchObject({
      metadata: { kept: true },
      customer_metadata: {},
      discount_id: null,
      allow_discount_codes: true,
      success_url: null,
      customer_id: null,
      customer_name: "Ann",
    });
  });
});

describe("client PATCH validation", () => {
  it("reports every problem at once and changes nothing", async () => {
    const session = await open(ids.price!);
    const before = await effects(session);
    const schema = await patch(session.client_secret, {
      customer_email: "nope",
      amount: 1.5,
      discount_code: "",
    });
    expect(schema.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([
      ["value_error", ["body", "customer_email"]],
      ["int_type", ["body", "amount"]],
      ["string_too_short", ["body", "discount_code"]],
    ]);
    const rules = await patch(session.client_secret, {
      product_price_id: ids.monthlyPrice,
      amount: 700,
      discount_code: "NOPE",
      custom_field_data: { company: 5 },
    });
    expect(rules.status).toBe(422);
    expect(rules.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([
      ["value_error", ["body", "product_price_id"]],
      ["value_error", ["body", "amount"]],
      ["value_error", ["body", "discount_code"]],
      ["string_type", ["body", "custom_field_data", "company"]],
    ]);
    const json = await call(update, { ...params(session.client_secret), method: "PATCH", rawBody: "{" });
    expect(json.status).toBe(422);
    expect(json.body.detail.map((p: Problem) => [p.type, p.loc])).toEqual([["json_invalid", ["body"]]]);
    expect(await effects(session)).toEqual(before);
  });
});
