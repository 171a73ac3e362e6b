// Shared by the hostile-input tests: one organization with something behind every route, requests
// built byte by byte (any content type, raw or streamed bodies, any header), and a fingerprint of
// the database to prove a refused request changed nothing.
import { randomUUID } from "node:crypto";
import { getDb } from "../lib/db/client";
import type { RouteHandler } from "../lib/api/handler";
import {
  createActivation,
  createBenefit,
  createCheckout,
  createCustomer,
  createCustomField,
  createDiscount,
  createEmail,
  createLicenseKey,
  createMedia,
  createMerchantUser,
  createOrder,
  createOrganization,
  createProduct,
  createToken,
} from "../lib/factories";
import { createWebhookEndpoint } from "../lib/factories/webhooks";
import { createPaidOrder } from "../lib/factories/refunds";
import { issueInvoice } from "../lib/invoices/issue";
import { emitWebhookEvent } from "../lib/webhooks/emit";
import { findOrCreateSigningKey } from "../lib/licensing/signing-keys";
import { POST as signInRoute } from "../app/v1/auth/sign-in/route";
import { createCustomerSession, SIGN_IN_SESSION_TTL_MS } from "../lib/customer-portal/sessions";
import { signedPartQuery } from "../lib/files/part-upload";

/** The one part of the fixture's downloadable (its valid PUT sends these bytes). */
export const PART_BYTES = new TextEncoder().encode("%PDF-1.7 hostile fixture");
import { storeSignInCode } from "../lib/customer-portal/sign-in";

/** The first database call starts (and migrates) the embedded database: slow on a busy machine. */
export const FIXTURE_TIMEOUT_MS = 180_000;

export const MERCHANT_EMAIL = "hostile-merchant@example.com";
export const MERCHANT_PASSWORD = "a long enough password";

export type Fixture = {
  organizationId: string;
  token: string;
  session: { cookie: string; csrf: string };
  productId: string;
  priceId: string;
  checkoutId: string;
  clientSecret: string;
  licenseKey: { id: string; key: string };
  activationId: string;
  /** Another activation of the key: the public deactivate frees the first, the merchant's DELETE this one. */
  merchantActivationId: string;
  /** A third one, for the merchant's POST /v1/license-keys/deactivate. */
  tokenActivationId: string;
  /** Another key of the organization, for the rotate route (a rotation changes the key's value). */
  rotatedKeyId: string;
  orderId: string;
  /** A benefit grant of the portal's buyer. */
  portalGrantId: string;
  /** A paid order with a refund: POST /v1/refunds/ refunds it, GET /v1/refunds/{id} reads the refund. */
  paidOrderId: string;
  /** An order of the portal's buyer whose invoice is issued: its invoice routes answer as they do after. */
  invoicedOrderId: string;
  refundId: string;
  /** A dispute of the paid order's payment: GET /v1/disputes/{id} reads it. */
  disputeId: string;
  /** The paid order's payment: GET /v1/payments/{id} reads it. */
  paymentId: string;
  /** A token other than the one used to call, for the revoke route's path. */
  otherTokenId: string;
  /** Attached to no product, so the valid DELETE of its route succeeds. */
  customFieldId: string;
  discountId: string;
  subscriptionId: string;
  /** Renewed by the test clock's valid request (the other one is revoked by DELETE before it). */
  clockSubscriptionId: string;
  /** Another monthly product: what a plan change's valid preview moves to. */
  planProductId: string;
  /** A downloadable announced in one part of PART_BYTES: its part's signed query, and its upload. */
  uploadFileId: string;
  uploadId: string;
  uploadPartQuery: Record<string, string>;
  /** Attached to no product and never granted, so the valid DELETE of its route succeeds. */
  benefitId: string;
  /** A `downloadables` benefit of the announced file: GET /v1/benefits/{id}/files lists it. */
  downloadablesBenefitId: string;
  /** Never sold nor offered, so the valid DELETE of /v1/products/{id} succeeds. */
  deletableProductId: string;
  /** Without purchases, so the valid DELETE of its route succeeds. */
  customerId: string;
  /** The same for the routes by the merchant's external id (`/v1/customers/external/…`). */
  externalCustomerId: string;
  /** Shown by no product, so the valid DELETE of its route succeeds. */
  fileId: string;
  /** A second open session, for the writes of the /v1/checkouts/ aliases (the first is confirmed). */
  aliasCheckout: { id: string; clientSecret: string };
  checkoutLinkId: string;
  /** Deleted by the valid DELETE of its route. */
  webhookEndpointId: string;
  /** For rotate-secret, test and redeliver (another, so the DELETE above cannot take it away). */
  webhookActionsEndpointId: string;
  webhookEventId: string;
  webhookDeliveryId: string;
  emailId: string;
  organizationSlug: string;
  /** The customer portal: a session of the customer who holds the license key, order and subscription. */
  customerToken: string;
  /** Another session of theirs, for the sign-out route (which ends it). */
  signOutToken: string;
  /** A key whose benefit lets the buyer free devices, and one of its devices. */
  portalKeyId: string;
  portalActivationId: string;
  /** A customer with a known sign-in code (`SIGN_IN_CODE`). */
  signInEmail: string;
  /** The customer who holds the license key, order and subscription. */
  buyerId: string;
  buyerEmail: string;
  /** A free monthly plan and a customer without a subscription: POST /v1/subscriptions/ subscribes them. */
  freePlanProductId: string;
  freeSubscriberId: string;
};

export const SIGN_IN_CODE = "123456";

export async function createFixture(): Promise<Fixture> {
  const db = await getDb();
  const organization = await createOrganization(db);
  const { token } = await createToken(db, organization.id);
  const other = await createToken(db, organization.id, { comment: "Another token" });
  await createMerchantUser(db, {
    email: MERCHANT_EMAIL,
    password: MERCHANT_PASSWORD,
    organizationIds: [organization.id],
  });
  const keys = await createBenefit(db, organization.id, {
    type: "license_keys",
    properties: { activations: { limit: 5 }, limit_usage: 100 },
  });
  const { product, price } = await createProduct(db, organization.id, {
    price: { amount_type: "custom", minimum_amount: 100, maximum_amount: null },
    benefitIds: [keys.id],
  });
  const customer = await createCustomer(db, organization.id);
  const order = await createOrder(db, organization.id, { customerId: customer.id, priceId: price.id });
  const licenseKey = await db.licenseKey.findFirstOrThrow({ where: { customer_id: customer.id } });
  const activation = await createActivation(db, licenseKey.id);
  const merchantActivation = await createActivation(db, licenseKey.id, { label: "Merchant's" });
  const tokenActivation = await createActivation(db, licenseKey.id, { label: "The backend's" });
  const rotated = await createLicenseKey(db, organization.id, {
    benefitId: keys.id,
    customerId: customer.id,
  });
  const checkout = await createCheckout(db, organization.id, price.id, { amount: 1000 });
  const customField = await createCustomField(db, organization.id);
  const discount = await createDiscount(db, organization.id);
  const monthly = await createProduct(db, organization.id, { price: { type: "recurring" } });
  const otherPlan = await createProduct(db, organization.id, { price: { type: "recurring" } });
  // A downloadable announced in one part (lib/files/part-upload.ts), as POST /v1/files/ makes it.
  const uploadFileId = randomUUID();
  const uploadId = randomUUID();
  await db.media.create({
    data: {
      id: uploadFileId,
      organization_id: organization.id,
      name: "manual.pdf",
      path: `${organization.id}/${uploadFileId}`,
      mime_type: "application/pdf",
      size: PART_BYTES.length,
      service: "downloadable",
      is_uploaded: false,
      public_url: "",
      upload_id: uploadId,
      upload_parts: [
        { number: 1, chunk_start: 0, chunk_end: PART_BYTES.length, checksum_sha256_base64: null },
      ],
    },
  });
  const renewing = await createOrder(db, organization.id, {
    customerId: customer.id,
    priceId: monthly.price.id,
  });
  const clocked = await createOrder(db, organization.id, {
    customerId: customer.id,
    priceId: monthly.price.id,
  });
  const paid = await createPaidOrder(db, organization.id, {
    customerId: customer.id,
    priceId: monthly.price.id,
    order: { amount: 100_000 },
    withBenefits: false,
  });
  const invoiced = await createOrder(db, organization.id, {
    customerId: customer.id,
    priceId: price.id,
    order: { amount: 2_000, billing_name: "Hostile Buyer", billing_address: { country: "DE" } },
    withBenefits: false,
  });
  await issueInvoice(db, invoiced.id);
  const refund = await db.refund.create({
    data: {
      id: randomUUID(),
      organization_id: organization.id,
      reason: "other",
      amount: 1,
      tax_amount: 0,
      currency: "usd",
      order_id: paid.order.id,
      customer_id: customer.id,
      status: "failed",
    },
  });
  const dispute = await db.dispute.create({
    data: {
      id: randomUUID(),
      organization_id: organization.id,
      order_id: paid.order.id,
      processor: paid.payment.processor,
      processor_dispute_id: `du_hostile_${randomUUID()}`,
      payment_id: paid.payment.processor_payment_id!,
      amount: 1,
      currency: "usd",
      reason: "general",
      status: "needs_response",
    },
  });
  const benefit = await createBenefit(db, organization.id);
  const downloadables = await createBenefit(db, organization.id, {
    type: "downloadables",
    properties: { files: [uploadFileId] },
  });
  const deletable = await createProduct(db, organization.id);
  const lonelyCustomer = await createCustomer(db, organization.id);
  const freePlan = await createProduct(db, organization.id, {
    price: { recurring_interval: "month", amount_type: "free" },
  });
  const freeSubscriber = await createCustomer(db, organization.id);
  const externalCustomer = await createCustomer(db, organization.id, { external_id: "hostile-external" });
  const file = await createMedia(db, organization.id);
  const aliasCheckout = await createCheckout(db, organization.id, price.id, { amount: 1000 });
  // Made here, not by the first valid GET of the public key route: the cases must change nothing.
  await findOrCreateSigningKey(db, organization.id);
  const checkoutLink = await db.checkoutLink.create({
    data: {
      id: randomUUID(),
      organization_id: organization.id,
      link_products: { create: [{ product_id: product.id, order: 0 }] },
    },
  });
  const webhookEndpoint = await createWebhookEndpoint(db, organization.id);
  const webhookActionsEndpoint = await createWebhookEndpoint(db, organization.id, {
    url: "https://hooks.example.com/actions",
    events: ["customer.created"],
  });
  await db.webhookEndpoint.update({ where: { id: webhookEndpoint.endpoint.id }, data: { events: [] } });
  const webhookEventId = await db.$transaction((tx) =>
    emitWebhookEvent(tx, {
      organizationId: organization.id,
      type: "customer.created",
      data: () => ({ id: lonelyCustomer.id }),
    }),
  );
  const webhookDelivery = await db.webhookDelivery.findFirstOrThrow({ where: { event_id: webhookEventId! } });
  const email = await createEmail(db, organization.id, { customer_id: customer.id, order_id: order.id });
  const buyerManaged = await createBenefit(db, organization.id, {
    type: "license_keys",
    properties: { activations: { limit: 2, enable_customer_admin: true } },
  });
  const portalKey = await createLicenseKey(db, organization.id, {
    benefitId: buyerManaged.id,
    customerId: customer.id,
  });
  const portalActivation = await createActivation(db, portalKey.id, { label: "Buyer's laptop" });
  // The buyer's grant of that benefit, for GET /v1/customer-portal/benefit-grants/{id}.
  const portalGrant = await db.benefitGrant.create({
    data: {
      id: randomUUID(),
      organization_id: organization.id,
      benefit_id: buyerManaged.id,
      customer_id: customer.id,
      granted_at: new Date(),
    },
  });
  const signingIn = await createCustomer(db, organization.id);
  await storeSignInCode(db, signingIn.id, SIGN_IN_CODE, new Date());
  const customerSession = await createCustomerSession(db, customer.id, SIGN_IN_SESSION_TTL_MS, new Date());
  const signOutSession = await createCustomerSession(db, customer.id, SIGN_IN_SESSION_TTL_MS, new Date());
  const signedIn = await signInRoute(
    jsonRequest("POST", "/v1/auth/sign-in", { email: MERCHANT_EMAIL, password: MERCHANT_PASSWORD }),
    { params: Promise.resolve({}) },
  );
  const cookies = Object.fromEntries(
    signedIn.headers.getSetCookie().map((line) => {
      const [pair = ""] = line.split(";");
      const eq = pair.indexOf("=");
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
  return {
    organizationId: organization.id,
    token,
    session: {
      cookie: `dsb_session=${cookies.dsb_session}; dsb_csrf=${cookies.dsb_csrf}`,
      csrf: decodeURIComponent(cookies.dsb_csrf ?? ""),
    },
    productId: product.id,
    priceId: price.id,
    checkoutId: checkout.id,
    clientSecret: checkout.client_secret,
    licenseKey: { id: licenseKey.id, key: licenseKey.key },
    activationId: activation.id,
    merchantActivationId: merchantActivation.id,
    tokenActivationId: tokenActivation.id,
    rotatedKeyId: rotated.id,
    orderId: order.id,
    paidOrderId: paid.order.id,
    invoicedOrderId: invoiced.id,
    refundId: refund.id,
    disputeId: dispute.id,
    paymentId: paid.payment.id,
    otherTokenId: other.accessToken.id,
    customFieldId: customField.id,
    discountId: discount.id,
    subscriptionId: renewing.subscription_id!,
    clockSubscriptionId: clocked.subscription_id!,
    planProductId: otherPlan.price.product_id,
    uploadFileId,
    uploadId,
    uploadPartQuery: signedPartQuery(uploadFileId, 1, new Date()),
    benefitId: benefit.id,
    downloadablesBenefitId: downloadables.id,
    deletableProductId: deletable.product.id,
    customerId: lonelyCustomer.id,
    freePlanProductId: freePlan.product.id,
    freeSubscriberId: freeSubscriber.id,
    externalCustomerId: externalCustomer.external_id!,
    fileId: file.id,
    aliasCheckout: { id: aliasCheckout.id, clientSecret: aliasCheckout.client_secret },
    checkoutLinkId: checkoutLink.id,
    webhookEndpointId: webhookEndpoint.endpoint.id,
    webhookActionsEndpointId: webhookActionsEndpoint.endpoint.id,
    webhookEventId: webhookEventId!,
    webhookDeliveryId: webhookDelivery.id,
    emailId: email.id,
    organizationSlug: organization.slug,
    customerToken: customerSession.token,
    signOutToken: signOutSession.token,
    portalKeyId: portalKey.id,
    portalGrantId: portalGrant.id,
    portalActivationId: portalActivation.id,
    signInEmail: signingIn.email,
    buyerId: customer.id,
    buyerEmail: customer.email,
  };
}

/** A fresh license key, for tests that must not share counters. */
export async function createFixtureLicenseKey(fixture: Fixture) {
  const db = await getDb();
  const key = await db.licenseKey.findUniqueOrThrow({ where: { id: fixture.licenseKey.id } });
  return createLicenseKey(db, fixture.organizationId, {
    benefitId: key.benefit_id,
    customerId: key.customer_id,
  });
}

export type RawRequest = {
  method: string;
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, string>;
  /** Sent as is: no Content-Type is added. */
  body?: Uint8Array | ReadableStream<Uint8Array>;
};

export function rawRequest({ method, path, query = {}, headers = {}, body }: RawRequest): Request {
  const url = new URL(path, "http://localhost");
  for (const [key, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, v);
  }
  // Fetch cannot send a body with GET: a GET case keeps its headers only.
  if (method === "GET" || method === "HEAD") body = undefined;
  return new Request(url, {
    method,
    headers,
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

export function jsonRequest(
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return rawRequest({
    method,
    path,
    headers: { "content-type": "application/json", ...headers },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
}

export type Answer = { status: number; contentType: string | null; text: string; body: unknown };

export async function send(
  handler: RouteHandler,
  request: Request,
  params: Record<string, string | string[]> = {},
): Promise<Answer> {
  let response: Response;
  try {
    response = await handler(request, { params: Promise.resolve(params) });
  } catch (error) {
    // Thrown out of the handler: Next.js would answer an empty 500.
    return { status: 500, contentType: null, text: String(error), body: undefined };
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = undefined;
  }
  return { status: response.status, contentType: response.headers.get("content-type"), text, body };
}

/**
 * A body of `total` bytes that is produced only as it is read, counting what was pulled: proves a
 * refused body was not read to its end.
 */
export function streamedBody(total: number, chunkSize = 64 * 1024) {
  const counter = { pulled: 0 };
  const chunk = new Uint8Array(chunkSize).fill(0x20);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counter.pulled >= total) return controller.close();
      counter.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, counter };
}

// Columns that reads themselves update (when a token or a session was last used).
const VOLATILE_COLUMNS = ["last_used_at", "last_seen_at"];

/**
 * A fingerprint of every table's content (rate-limit counters aside: every request counts).
 * Equal fingerprints before and after a request mean it changed nothing.
 */
export async function databaseFingerprint(): Promise<Record<string, string>> {
  const db = await getDb();
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
       AND table_name NOT LIKE 'rate_limit%' AND table_name NOT LIKE '%migrations%'
     ORDER BY table_name`,
  );
  const strip = VOLATILE_COLUMNS.map((column) => ` - '${column}'`).join("");
  // Every table's count and digest in one statement: one round trip instead of one per table.
  const rows = await db.$queryRawUnsafe<{ name: string; digest: string | null; count: number }[]>(
    tables
      .map(
        ({ name }) =>
          `SELECT '${name}' AS name, md5(coalesce(string_agg(r, ',' ORDER BY r), '')) AS digest,
                  count(*)::int AS count
             FROM (SELECT (to_jsonb(t)${strip})::text AS r FROM "${name}" t) s`,
      )
      .join("\nUNION ALL\n"),
  );
  const out: Record<string, string> = {};
  for (const row of rows) out[row.name] = `${row.count}:${row.digest}`;
  return out;
}
