// Hostile input thrown at every /v1 route file and every method: NUL bytes and unpaired surrogates
// in paths, queries and bodies, over-long strings, integers past PostgreSQL's `integer`, dates
// PostgreSQL cannot store, deep and wide JSON, invalid UTF-8, the wrong content types and bodies
// over the size limit. Every answer must be one of the contract's JSON 4xx (GET routes may also
// answer 200 to a query they can serve), and the database must not change. Prints the number of
// cases tried and of 5xx answers.
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { RouteHandler } from "@/lib/api/handler";
import { dateTime } from "@/lib/core/validation";
import { DOCUMENTED_ROUTES } from "./openapi.json/routes";
import * as openApiRoute from "./openapi.json/route";
import * as catchAllRoute from "./[...path]/route";
import {
  createFixture,
  FIXTURE_TIMEOUT_MS,
  databaseFingerprint,
  PART_BYTES,
  rawRequest,
  send,
  SIGN_IN_CODE,
  type Fixture,
} from "@/test/hostile";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

const REFUSED = [400, 404, 405, 413, 415, 422];
const REFUSED_OR_SERVED = [...REFUSED, 200];
/** Routes whose path is a link this server signed (docs/uploads-and-limits.md). */
const SIGNED_LINKS = ["/v1/customer-portal/downloadables/{token}"];
/**
 * Routes whose credential is an emailed link's token: the fixture's is well formed but was never
 * sent, so it is refused (401) once the input was found valid.
 */
const EMAILED_TOKENS = [
  "/v1/customer-portal/customers/me/email-update/check",
  "/v1/customer-portal/customers/me/email-update/verify",
];
const DEAD_EMAIL_UPDATE_TOKEN = `ceu_${"A".repeat(43)}`;

const ROUTES = [
  ...DOCUMENTED_ROUTES,
  { path: "/v1/openapi.json", module: openApiRoute },
  { path: "/v1/{path}", module: catchAllRoute },
];

let fixture: Fixture;
const savedEnv = { ...process.env };

beforeAll(async () => {
  // Thousands of requests from one caller: the budgets are not what is tested here.
  process.env.RATE_LIMIT_IP_PER_MINUTE = "10000000";
  process.env.RATE_LIMIT_TOKEN_PER_MINUTE = "10000000";
  process.env.RATE_LIMIT_LICENSE_KEY_PER_MINUTE = "10000000";
  fixture = await createFixture();
}, FIXTURE_TIMEOUT_MS);

afterAll(() => {
  process.env = savedEnv;
});

// --- what is valid on each route, so that the hostile value is the only thing wrong -----------

function pathParams(template: string): Record<string, string | string[]> {
  const f = fixture;
  const byTemplate: Record<string, Record<string, string | string[]>> = {
    "/v1/organization-access-tokens/{id}": { id: f.otherTokenId },
    "/v1/checkouts/custom/{id}": { id: f.checkoutId },
    "/v1/license-keys/{id}": { id: f.licenseKey.id },
    "/v1/license-keys/{id}/activations/{activation_id}": {
      id: f.licenseKey.id,
      activation_id: f.merchantActivationId,
    },
    "/v1/license-keys/{id}/rotate": { id: f.rotatedKeyId },
    "/v1/orders/{id}": { id: f.orderId },
    "/v1/orders/{id}/receipt": { id: f.orderId },
    "/v1/orders/{id}/invoice": { id: f.invoicedOrderId },
    "/v1/orders/{id}/invoices": { id: f.invoicedOrderId },
    "/v1/orders/{id}/timeline": { id: f.orderId },
    "/v1/custom-fields/{id}": { id: f.customFieldId },
    "/v1/discounts/{id}": { id: f.discountId },
    "/v1/subscriptions/{id}": { id: f.subscriptionId },
    "/v1/subscriptions/{id}/dunning": { id: f.subscriptionId },
    "/v1/subscriptions/{id}/renew": { id: f.clockSubscriptionId },
    "/v1/subscriptions/{id}/plan-change-preview": { id: f.subscriptionId },
    "/v1/files/{id}/parts/{number}": { id: f.uploadFileId, number: "1" },
    "/v1/files/{id}/uploaded": { id: f.uploadFileId },
    "/v1/customer-portal/downloadables/{token}": { token: `${f.uploadFileId}.${f.uploadFileId}.0.unsigned` },
    "/v1/benefits/{id}": { id: f.benefitId },
    "/v1/benefits/{id}/grants": { id: f.benefitId },
    "/v1/benefits/{id}/files": { id: f.downloadablesBenefitId },
    "/v1/organizations/{id}": { id: f.organizationId },
    "/v1/organizations/{id}/tax-rates": { id: f.organizationId },
    "/v1/organizations/{id}/tax-rates/eu-preset": { id: f.organizationId },
    "/v1/organizations/{id}/license-public-key": { id: f.organizationId },
    "/v1/organizations/{id}/copy-catalog": { id: f.organizationId },
    "/v1/organizations/{id}/payment-processor": { id: f.organizationId },
    "/v1/integrations/stripe/webhook/{organization_id}": { organization_id: f.organizationId },
    "/v1/customers/{id}": { id: f.customerId },
    "/v1/customers/{id}/state": { id: f.customerId },
    "/v1/customers/{id}/payment-methods": { id: f.buyerId },
    "/v1/customers/external/{external_id}/payment-methods": { external_id: f.externalCustomerId },
    "/v1/customers/external/{external_id}": { external_id: f.externalCustomerId },
    "/v1/customers/external/{external_id}/state": { external_id: f.externalCustomerId },
    "/v1/files/{id}": { id: f.fileId },
    // Never sold nor offered: the valid DELETE of its route succeeds (after its GET and PATCH).
    "/v1/products/{id}": { id: f.deletableProductId },
    "/v1/products/{id}/benefits": { id: f.productId },
    "/v1/checkouts/{id}": { id: f.aliasCheckout.id },
    "/v1/checkout-links/{id}": { id: f.checkoutLinkId },
    "/v1/webhooks/endpoints/{id}": { id: f.webhookEndpointId },
    "/v1/webhooks/endpoints/{id}/rotate-secret": { id: f.webhookActionsEndpointId },
    "/v1/webhooks/endpoints/{id}/secret": { id: f.webhookActionsEndpointId },
    "/v1/webhooks/endpoints/{id}/test": { id: f.webhookActionsEndpointId },
    "/v1/webhooks/events/{id}/redeliver": { id: f.webhookEventId },
    "/v1/webhooks/deliveries/{id}/retry": { id: f.webhookDeliveryId },
    "/v1/emails/{id}": { id: f.emailId },
    "/v1/customer-portal/organizations/{slug}": { slug: f.organizationSlug },
    "/v1/customer-portal/orders/{id}": { id: f.orderId },
    "/v1/customer-portal/orders/{id}/receipt": { id: f.orderId },
    "/v1/customer-portal/orders/{id}/invoice": { id: f.invoicedOrderId },
    "/v1/customer-portal/orders/{id}/payment-status": { id: f.orderId },
    "/v1/customer-portal/orders/{id}/confirm-payment": { id: f.orderId },
    "/v1/customer-portal/benefit-grants/{id}": { id: f.portalGrantId },
    "/v1/customer-portal/license-keys/{id}": { id: f.licenseKey.id },
    // Another key than the one the public routes validate: rotating changes its value.
    "/v1/customer-portal/license-keys/{id}/rotate": { id: f.portalKeyId },
    "/v1/customer-portal/license-keys/{id}/activations/{activation_id}": {
      id: f.portalKeyId,
      activation_id: f.portalActivationId,
    },
    "/v1/customer-portal/subscriptions/{id}": { id: f.subscriptionId },
    "/v1/customer-portal/customers/me/payment-methods/{id}": { id: "cus_hostile/pm_hostile" },
    // The signed-in buyer (the era SDK's path to …/customers/me).
    "/v1/customer-portal/customers/{id}": { id: f.buyerId },
    "/v1/customer-portal/subscriptions/{id}/payment-method": { id: f.subscriptionId },
    "/v1/customer-portal/subscriptions/{id}/payment-method/complete": { id: f.subscriptionId },
    "/v1/refunds/{id}": { id: f.refundId },
    "/v1/disputes/{id}": { id: f.disputeId },
    "/v1/disputes/{id}/accept": { id: f.disputeId },
    "/v1/payments/{id}": { id: f.paymentId },
    "/v1/{path}": { path: ["nothing", "here"] },
  };
  const clientSecret = template.startsWith("/v1/checkouts/client/")
    ? f.aliasCheckout.clientSecret
    : f.clientSecret;
  if (template.includes("{license_key_id}")) {
    return { client_secret: clientSecret, license_key_id: f.licenseKey.id, activation_id: f.activationId };
  }
  if (template.includes("{client_secret}")) return { client_secret: clientSecret };
  return byTemplate[template] ?? {};
}

/** The buyer's benefits and devices exist once the order is processed: a 403 says the secret was good. */
function needsSucceededCheckout(template: string): boolean {
  return template.endsWith("{client_secret}/benefits") || template.includes("{client_secret}/license-keys/");
}

const VALID_QUERIES: Record<string, Record<string, string>> = {
  // A week: a longer range's answer is longer than any refusal may be (16 kB, below).
  "/v1/metrics/": { start_date: "2026-11-01", end_date: "2026-11-07" },
  "/v1/metrics/export": { start_date: "2026-11-01", end_date: "2026-11-07" },
  "/v1/search": { query: "hostile" },
};

function validQuery(template: string): Record<string, string> {
  if (template === EMAILED_TOKENS[0]) return { token: DEAD_EMAIL_UPDATE_TOKEN };
  if (template === "/v1/subscriptions/{id}/plan-change-preview") return { product_id: fixture.planProductId };
  if (template === "/v1/files/{id}/parts/{number}") return fixture.uploadPartQuery;
  return VALID_QUERIES[template] ?? {};
}

function validBody(method: Method, template: string): Record<string, unknown> {
  const f = fixture;
  const key = { key: f.licenseKey.key, organization_id: f.organizationId };
  const bodies: Record<string, Record<string, unknown>> = {
    "POST /v1/auth/sign-in": { email: "hostile-merchant@example.com", password: "a long enough password" },
    "POST /v1/auth/password-reset/request": { email: "hostile-merchant@example.com" },
    "POST /v1/auth/password-reset/confirm": { token: "dpr_not-a-token", password: "a long enough password" },
    // The same password again: the fixture's session stays, and its password too.
    "POST /v1/auth/password": {
      current_password: "a long enough password",
      new_password: "a long enough password",
    },
    "POST /v1/organization-access-tokens/": {
      organization_id: f.organizationId,
      comment: "CI",
      scopes: ["orders:read"],
    },
    "POST /v1/checkouts/custom/": { product_id: f.productId, amount: 1500 },
    "POST /v1/checkouts/custom/client/{client_secret}/confirm": {
      customer_email: "buyer@example.com",
      customer_name: "Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: "tok_visa",
    },
    "POST /v1/checkouts/": { products: [f.productId], external_customer_id: "hostile-user" },
    "POST /v1/checkouts/client/{client_secret}/confirm": {
      customer_email: "buyer@example.com",
      customer_name: "Buyer",
      customer_billing_address: { country: "US" },
      confirmation_token_id: "tok_visa",
    },
    "POST /v1/checkout-links/": { products: [f.productId], label: "Hostile link" },
    // After the valid PUT of its one part (writes run in route order: the part's route first).
    "POST /v1/files/{id}/uploaded": {
      id: f.uploadId,
      path: "ignored",
      parts: [{ number: 1, checksum_etag: createHash("md5").update(PART_BYTES).digest("hex") }],
    },
    "PATCH /v1/checkout-links/{id}": { label: "Renamed link" },
    "POST /v1/custom-fields/": { type: "text", slug: "hostile-field", name: "Hostile field", properties: {} },
    "PATCH /v1/custom-fields/{id}": { name: "Renamed field" },
    "POST /v1/discounts/": {
      name: "Hostile discount",
      type: "percentage",
      basis_points: 1000,
      duration: "once",
    },
    "PATCH /v1/discounts/{id}": { name: "Renamed discount" },
    "POST /v1/benefits/": { type: "custom", description: "Hostile benefit", properties: { note: "Hi" } },
    "PATCH /v1/benefits/{id}": { description: "Renamed benefit" },
    "POST /v1/organizations/": { name: "Hostile organization", slug: "hostile-organization" },
    "POST /v1/organizations/{id}/copy-catalog": { from_organization_id: f.organizationId },
    "PATCH /v1/organizations/{id}": { name: "Renamed organization" },
    "PUT /v1/organizations/{id}/tax-rates": { tax_rates: [{ country: "DE", basis_points: 1900 }] },
    "PUT /v1/organizations/{id}/payment-processor": { processor: "test" },
    "PATCH /v1/organizations/{id}/payment-processor": { require_three_d_secure: true },
    "POST /v1/auth/setup": {
      setup_code: "AAAA-BBBB-CCCC",
      email: "first@example.com",
      password: "a long enough password",
      organization_name: "First",
      organization_slug: "first",
    },
    "POST /v1/customers/": { email: "hostile-customer@example.com" },
    "PATCH /v1/customers/{id}": { name: "Renamed customer" },
    "PATCH /v1/customers/external/{external_id}": { name: "Renamed customer" },
    "PATCH /v1/customer-portal/customers/me": { billing_name: "Hostile Buyer" },
    "PATCH /v1/customer-portal/benefit-grants/{id}": { benefit_type: "license_keys" },
    "POST /v1/customer-portal/customers/me/email-update/request": { email: "hostile-new@example.com" },
    "POST /v1/customer-portal/customers/me/email-update/verify": { token: DEAD_EMAIL_UPDATE_TOKEN },
    "POST /v1/webhooks/endpoints": { url: "https://hooks.example.com/new", events: ["order.paid"] },
    "PATCH /v1/webhooks/endpoints/{id}": { enabled: false },
    "POST /v1/subscriptions/": { product_id: f.freePlanProductId, customer_id: f.freeSubscriberId },
    // Before the DELETE of the same route, which revokes it.
    "PATCH /v1/subscriptions/{id}": { cancel_at_period_end: true, customer_cancellation_reason: "unused" },
    "POST /v1/products/": { name: "Hostile product", prices: [{ amount_type: "fixed", price_amount: 1000 }] },
    "PATCH /v1/products/{id}": { name: "Renamed product" },
    "PATCH /v1/files/{id}": { name: "renamed.png", version: "2" },
    "POST /v1/products/{id}/benefits": { benefits: [] },
    "POST /v1/refunds/": { order_id: f.paidOrderId, amount: 1, reason: "other", comment: "Hostile" },
    "POST /v1/customer-portal/license-keys/validate": key,
    "POST /v1/customer-portal/license-keys/certificate": { ...key, activation_id: f.merchantActivationId },
    "POST /v1/customer-portal/license-keys/activate": { ...key, label: "Laptop" },
    "POST /v1/customer-portal/license-keys/deactivate": { ...key, activation_id: f.activationId },
    // Another customer than the one whose code authenticate uses: a request replaces the code.
    "POST /v1/customer-portal/customer-session/request": {
      organization_id: f.organizationId,
      email: f.buyerEmail,
    },
    "POST /v1/customer-portal/customer-session/authenticate": {
      organization_id: f.organizationId,
      email: f.signInEmail,
      code: SIGN_IN_CODE,
    },
    "PATCH /v1/customer-portal/subscriptions/{id}": {
      cancel_at_period_end: true,
      cancellation_reason: "other",
      cancellation_comment: "Hostile",
    },
    "POST /v1/customer-portal/subscriptions/{id}/payment-method": { token: "tok_visa" },
    // The fixture's organization is a test one: the test processor saves the card.
    "POST /v1/customer-portal/customers/me/payment-methods": {
      confirmation_token_id: "tok_visa",
      set_default: false,
      return_url: "https://example.com/portal",
    },
    "POST /v1/customer-portal/customers/me/payment-methods/confirm": {
      setup_intent_id: "seti_hostile",
      set_default: false,
    },
    "POST /v1/customer-sessions/": { customer_id: f.buyerId },
    // The token names the organization.
    "POST /v1/license-keys/validate": { key: f.licenseKey.key },
    "POST /v1/license-keys/activate": { key: f.licenseKey.key, label: "Backend laptop" },
    "POST /v1/license-keys/deactivate": { key: f.licenseKey.key, activation_id: f.tokenActivationId },
  };
  return bodies[`${method} ${template}`] ?? {};
}

function authHeaders(auth: string | undefined, template = ""): Record<string, string> {
  if (!auth || auth === "public") return {};
  if (auth === "customer") {
    // Signing out ends its session: it gets one of its own.
    const token =
      template === "/v1/customer-portal/customer-session" ? fixture.signOutToken : fixture.customerToken;
    return { authorization: `Bearer ${token}` };
  }
  if (auth === "session") return { cookie: fixture.session.cookie, "x-csrf-token": fixture.session.csrf };
  return { authorization: `Bearer ${fixture.token}` };
}

function concretePath(template: string, params: Record<string, string | string[]>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? "x";
    return (Array.isArray(value) ? value : [value]).map(encodeURIComponent).join("/");
  });
}

// --- the hostile values --------------------------------------------------------------------------

const deepJson = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

/** Values no field of any input schema may accept. */
const FIELD_VALUES: Record<string, unknown> = {
  "NUL in text": "a\u0000b",
  "unpaired surrogate": "a\ud800b",
  "100,000-character string": "x".repeat(100_000),
  "integer 2^31": 2 ** 31,
  "integer -2^31 - 1": -(2 ** 31) - 1,
  "1e300": 1e300,
  "object of 51 keys": Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])),
  "object of 20 kB": { a: "x".repeat(20_000) },
  "object with a NUL key": { "a\u0000": 1 },
  "object with a NUL inside": { a: ["\u0000"] },
  "array of 10,000 items": Array.from({ length: 10_000 }, () => "x"),
};

/** For datetime fields: instants PostgreSQL or JavaScript cannot store. */
const DATETIME_VALUES: Record<string, string> = {
  "year 0000": "0000-01-01T00:00:00Z",
  "past 9999 once in UTC": "9999-12-31T23:00:00-05:00",
};

const PATH_VALUES: Record<string, string> = {
  "NUL in path": "a\u0000b",
  "unpaired surrogate in path": "a\ud800b",
  "10,000-character segment": "x".repeat(10_000),
};

const QUERY_VALUES: Record<string, string | string[]> = {
  "NUL in query": "a\u0000b",
  "10,000-character value": "x".repeat(10_000),
  "2^31": "2147483648",
  "20 digits": "99999999999999999999",
  "repeated 1,000 times": Array.from({ length: 1_000 }, () => "1"),
};

const QUERY_DATE_VALUES: Record<string, string> = { "year 0000": "0000-01-01", "year 9999": "9999-12-31" };

// --- the cases ---------------------------------------------------------------------------------

type Case = {
  name: string;
  request: () => Request;
  /** Path parameters as Next.js would pass them (decoded); the route's valid ones by default. */
  params?: Record<string, string | string[]>;
  /** Statuses that pass: an exact one where the answer is certain, else the refused set. */
  allowed: number[];
};

const encode = (text: string) => new TextEncoder().encode(text);

/** A 1×1 PNG, the valid upload. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function uploadRequest(url: string, headers: Record<string, string>, file: Uint8Array | string, fields = {}) {
  const form = new FormData();
  form.append("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)]), "image.png");
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  return new Request(new URL(url, "http://localhost"), { method: "POST", headers, body: form });
}

function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema as z.ZodType & { _zod: { def: { type: string; innerType?: z.ZodType } } };
  while (["optional", "nullable", "default"].includes(current._zod.def.type) && current._zod.def.innerType)
    current = current._zod.def.innerType as typeof current;
  return current;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  return (schema as { shape?: Record<string, z.ZodType> } | undefined)?.shape ?? {};
}

function casesFor(template: string, method: Method, handler: RouteHandler): Case[] {
  const spec = handler.spec;
  const params = pathParams(template);
  const url = concretePath(template, params);
  const headers = authHeaders(spec?.auth, template);
  const query = validQuery(template);
  const body = validBody(method, template);
  const json =
    (text: string, extra: Record<string, string> = {}) =>
    () =>
      rawRequest({
        method,
        path: url,
        query,
        headers: { ...headers, "content-type": "application/json", ...extra },
        body: encode(text),
      });
  const cases: Case[] = [];
  const add = (name: string, request: () => Request, allowed = REFUSED) =>
    cases.push({ name, request, allowed });

  if (!spec) {
    // Not implemented here (405), or the static OpenAPI document.
    if (template === "/v1/openapi.json" && method === "GET") return [];
    add("NUL in a JSON body", json('{"a":"\\u0000"}'), [405, 404]);
    add("JSON as text/plain", json("{}", { "content-type": "text/plain" }), [405, 404]);
    add("declared 100 MB body", json("{}", { "content-length": String(100 * 1024 * 1024) }), [405, 404]);
    return cases;
  }

  // A signed URL (an upload's part, a download link) refuses one whose signature does not match: 403.
  const refused = spec.stream || SIGNED_LINKS.includes(template) ? [...REFUSED, 403] : REFUSED;
  for (const [name, value] of Object.entries(PATH_VALUES)) {
    for (const key of Object.keys(shapeOf(spec.params))) {
      cases.push({
        name: `path ${key}: ${name}`,
        params: { ...params, [key]: value },
        allowed: refused,
        request: spec.body
          ? json(JSON.stringify(body))
          : () => rawRequest({ method, path: url, query, headers }),
      });
    }
  }

  for (const key of Object.keys(shapeOf(spec.query))) {
    const values = key.endsWith("_date") ? { ...QUERY_VALUES, ...QUERY_DATE_VALUES } : QUERY_VALUES;
    for (const [name, value] of Object.entries(values)) {
      add(
        `query ${key}: ${name}`,
        () => rawRequest({ method, path: url, query: { ...query, [key]: value }, headers }),
        method === "GET" ? REFUSED_OR_SERVED : refused,
      );
    }
  }
  if (template === "/v1/metrics/" || template === "/v1/metrics/export") {
    for (const [name, value] of Object.entries(QUERY_DATE_VALUES)) {
      add(`query start_date and end_date: ${name}`, () =>
        rawRequest({ method, path: url, query: { start_date: value, end_date: value }, headers }),
      );
    }
  }

  if (spec.upload) {
    // Multipart, not JSON (POST /v1/files/): the form's own refusals; its limits are tested in
    // lib/api/request-body.test.ts.
    // JSON announces an upload in parts where the route takes it (POST /v1/files/): "{}" lacks its fields.
    add("JSON", json("{}"), spec.upload.json ? [422] : [415]);
    add("text/plain (an HTML form)", json("{}", { "content-type": "text/plain" }), [415]);
    add(
      "malformed multipart",
      json("--x\r\n\r\n--x--", { "content-type": "multipart/form-data; boundary=x" }),
      [422],
    );
    add("an HTML file", () => uploadRequest(url, headers, "<!doctype html><script>alert(1)</script>"), [422]);
    add("a NUL in the name field", () => uploadRequest(url, headers, PNG, { name: "a\u0000b" }), [422]);
    add("declared 100 MB body", json("{}", { "content-length": String(100 * 1024 * 1024) }), [413]);
  } else if (spec.stream) {
    // A part of an upload (PUT /v1/files/{id}/parts/{number}): any media type, its size its range's.
    const part =
      (bytes: Uint8Array, extra: Record<string, string> = {}) =>
      () =>
        rawRequest({ method, path: url, query, headers: { ...headers, ...extra }, body: bytes });
    add("a body longer than the part", part(new Uint8Array(PART_BYTES.length + 1)), [413]);
    add("a body shorter than the part", part(PART_BYTES.subarray(1)), [422]);
    add("an empty body", part(new Uint8Array(0)), [422]);
    add("declared 100 MB body", part(PART_BYTES, { "content-length": String(100 * 1024 * 1024) }), [413]);
  } else if (spec.body) {
    for (const [key, schema] of Object.entries(shapeOf(spec.body))) {
      const values: Record<string, unknown> = { ...FIELD_VALUES };
      if (unwrap(schema) === dateTime) Object.assign(values, DATETIME_VALUES);
      for (const [name, value] of Object.entries(values)) {
        add(`body ${key}: ${name}`, json(JSON.stringify({ ...body, [key]: value })));
      }
      const withDeepField = JSON.stringify({ ...body, [key]: 0 }).replace(
        `"${key}":0`,
        `"${key}":${deepJson(10_000)}`,
      );
      add(`body ${key}: 10,000-level nesting`, json(withDeepField));
    }
    const valid = JSON.stringify(body);
    add("JSON as text/plain (an HTML form)", json(valid, { "content-type": "text/plain" }), [415]);
    add("urlencoded form", json("a=1&b=2", { "content-type": "application/x-www-form-urlencoded" }), [415]);
    add(
      "multipart form",
      json("--x\r\n\r\n--x--", { "content-type": "multipart/form-data; boundary=x" }),
      [415],
    );
    add("JSON in latin-1", json(valid, { "content-type": "application/json; charset=iso-8859-1" }), [415]);
    add(
      "JSON without a content type",
      () => rawRequest({ method, path: url, query, headers, body: encode(valid) }),
      [415],
    );
    add(
      "invalid UTF-8",
      () =>
        rawRequest({
          method,
          path: url,
          query,
          headers: { ...headers, "content-type": "application/json" },
          body: new Uint8Array([...encode('{"label":"'), 0xff, 0xfe, ...encode('"}')]),
        }),
      [422],
    );
    add("malformed JSON", json("{nope"), [422]);
    add("10,000-level nesting", json(deepJson(10_000)), [422]);
    add("NUL in a key", json('{"\\u0000":1}'), [422]);
    add("2 MiB body", json(`"${"x".repeat(2 * 1024 * 1024)}"`), [413]);
    add("declared 100 MB body", json(valid, { "content-length": String(100 * 1024 * 1024) }), [413]);
  } else if (method !== "GET") {
    add("text/plain (an HTML form)", json("{}", { "content-type": "text/plain" }), [415]);
    add("urlencoded form", json("a=1", { "content-type": "application/x-www-form-urlencoded" }), [415]);
    add(
      "multipart form",
      json("--x\r\n\r\n--x--", { "content-type": "multipart/form-data; boundary=x" }),
      [415],
    );
    add("declared 100 MB body", json("{}", { "content-length": String(100 * 1024 * 1024) }), [413]);
  } else {
    add(
      "declared 100 MB body",
      () =>
        rawRequest({
          method,
          path: url,
          query,
          headers: { ...headers, "content-length": String(100 * 1024 * 1024) },
        }),
      [413],
    );
    // The rate limits count requests by client address: a long one must never become a database
    // error (the first hop used to be a rate-limit key: a btree row too large past ~2.7 kB). The
    // header is ignored, so the route answers as it would without it.
    cases.push({
      name: "X-Forwarded-For of 8,000 characters",
      request: () =>
        rawRequest({
          method,
          path: url,
          query,
          headers: { ...headers, "x-forwarded-for": `${randomBytes(6_000).toString("base64")}, 10.0.0.1` },
        }),
      allowed:
        needsSucceededCheckout(template) || SIGNED_LINKS.includes(template)
          ? [...REFUSED_OR_SERVED, 403]
          : EMAILED_TOKENS.includes(template)
            ? [...REFUSED_OR_SERVED, 401]
            : REFUSED_OR_SERVED,
    });
  }
  return cases;
}

function databaseRefusals(calls: unknown[][]): number {
  return calls.filter(([message]) => String(message).startsWith("Database refused a value")).length;
}

function isContractError(answer: Awaited<ReturnType<typeof send>>): boolean {
  const body = answer.body as { error?: unknown; detail?: unknown } | null | undefined;
  if (!answer.contentType?.startsWith("application/json") || !body || typeof body.error !== "string")
    return false;
  if (answer.status === 422) {
    return (
      Array.isArray(body.detail) &&
      body.detail.every(
        (p: { type?: unknown; loc?: unknown; msg?: unknown }) =>
          typeof p.type === "string" && Array.isArray(p.loc) && typeof p.msg === "string" && "input" in p,
      )
    );
  }
  return typeof body.detail === "string";
}

/**
 * The valid requests the cases were built on go through, so each case was refused for its hostile
 * part alone. Reads first, then writes (a deactivation would hide the activation from its GET).
 */
/** The route's valid request: what every hostile case changes one thing of. */
function validRequest(template: string, method: Method, handler: RouteHandler) {
  const spec = handler.spec!;
  const params = pathParams(template);
  if (spec.stream)
    return rawRequest({
      method,
      path: concretePath(template, params),
      query: validQuery(template),
      headers: { "content-type": "application/octet-stream" },
      body: PART_BYTES,
    });
  return spec.upload
    ? uploadRequest(concretePath(template, params), authHeaders(spec.auth, template), PNG)
    : rawRequest({
        method,
        path: concretePath(template, params),
        query: validQuery(template),
        headers: {
          ...authHeaders(spec.auth, template),
          ...(spec.body ? { "content-type": "application/json" } : {}),
        },
        body: spec.body ? new TextEncoder().encode(JSON.stringify(validBody(method, template))) : undefined,
      });
}

async function expectValidRequestsToPass() {
  const calls = ROUTES.flatMap((route) => METHODS.map((method) => ({ ...route, method }))).sort(
    (a, b) => Number(a.method !== "GET") - Number(b.method !== "GET"),
  );
  for (const { path: template, module, method } of calls) {
    const handler = (module as Partial<Record<Method, RouteHandler>>)[method];
    const spec = handler?.spec;
    if (!handler || !spec || template === "/v1/auth/sign-out") continue;
    const params = pathParams(template);
    const answer = await send(handler, validRequest(template, method, handler), params);
    // Setup is refused (403) once the install has a merchant, as the fixture's.
    const refusedByState =
      needsSucceededCheckout(template) || (template === "/v1/auth/setup" && method === "POST");
    // No reset link was ever sent: the token is refused (400), after its body was found valid.
    const deadLink = template === "/v1/auth/password-reset/confirm";
    // The fixture's one organization is a test one: copying its catalog into itself is refused
    // (422 on the path's id: the target should be live), after the body was found valid.
    const intoTestOrganization = template === "/v1/organizations/{id}/copy-catalog";
    // Stripe's events are only for organizations that connected Stripe: the fixture's has not (404).
    const withoutStripe = template === "/v1/integrations/stripe/webhook/{organization_id}";
    // Its PATCH changes Stripe's settings: 422 "Connect Stripe first", after the body was found valid.
    const stripeSetting = template === "/v1/organizations/{id}/payment-processor" && method === "PATCH";
    // A download link this server did not sign (the fixture's): 403, after its shape was found valid.
    const unsignedLink = SIGNED_LINKS.includes(template);
    // The fixture's buyer saved no card (their removal is test/portal-payment-methods.test.ts): 404.
    // No card is being added with the fixture's setup intent id (test/portal-add-card.test.ts): 404.
    const noSavedCard =
      template === "/v1/customer-portal/customers/me/payment-methods/{id}" ||
      template === "/v1/customer-portal/customers/me/payment-methods/confirm";
    // Every order is paid: retrying one is refused (422), after the body was found valid.
    const paidOrder = template === "/v1/customer-portal/orders/{id}/confirm-payment";
    // An email change link that was never sent (the fixture's token): 401, after its shape was found valid.
    const unsentLink = EMAILED_TOKENS.includes(template);
    const expected =
      withoutStripe || noSavedCard
        ? 404
        : unsentLink
          ? 401
          : unsignedLink
            ? 403
            : stripeSetting
              ? 422
              : refusedByState
                ? 403
                : deadLink
                  ? 400
                  : intoTestOrganization || paidOrder
                    ? 422
                    : answer.status < 300
                      ? answer.status
                      : "2xx";
    expect(answer.status, `${method} ${template}: ${answer.text.slice(0, 300)}`).toBe(expected);
  }
}

describe("hostile input on every route", () => {
  it("lists every route file", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (entry.name === "route.ts") files.push(full);
      }
    };
    walk(import.meta.dirname);
    expect(ROUTES).toHaveLength(files.length);
  });

  it("answers every case with a JSON 4xx of the contract and changes nothing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const failures: string[] = [];
    const statuses: Record<number, number> = {};
    let tried = 0;
    let serverErrors = 0;
    // Values the schemas let through to PostgreSQL, refused there (a missing bound): none.
    let refusedByDatabase = 0;
    // Nothing runs between two routes: one route's "after" is the next one's "before".
    let before = await databaseFingerprint();
    for (const { path: template, module } of ROUTES) {
      for (const method of METHODS) {
        const handler = (module as Partial<Record<Method, RouteHandler>>)[method];
        if (!handler) continue;
        // A read may answer as much as its valid request does (the fixture's rows), never more: an
        // answer longer than that, or a refusal past 16 kB, repeats what was sent.
        const longest =
          method === "GET" && handler.spec
            ? Math.max(
                16_384,
                (await send(handler, validRequest(template, method, handler), pathParams(template))).text
                  .length,
              )
            : 16_384;
        for (const hostile of casesFor(template, method, handler)) {
          const refusalsBefore = databaseRefusals(warn.mock.calls);
          const answer = await send(handler, hostile.request(), hostile.params ?? pathParams(template));
          const refused = databaseRefusals(warn.mock.calls) - refusalsBefore;
          refusedByDatabase += refused;
          tried++;
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (answer.status >= 500) serverErrors++;
          const where = `${method} ${template} — ${hostile.name}`;
          if (refused) failures.push(`${where}: reached PostgreSQL's checks`);
          if (!hostile.allowed.includes(answer.status))
            failures.push(`${where}: ${answer.status} ${answer.text.slice(0, 200)}`);
          else if (answer.status >= 400 && !isContractError(answer))
            failures.push(`${where}: not the contract's JSON`);
          else if (answer.text.length > (answer.status < 300 ? longest : 16_384))
            failures.push(`${where}: a ${answer.text.length}-character answer`);
        }
      }
      const after = await databaseFingerprint();
      const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
      if (changed.length) failures.push(`${template}: changed ${changed.join(", ")}`);
      before = after;
    }
    warn.mockRestore();
    error.mockRestore();
    console.log(
      `hostile input: ${tried} cases on ${ROUTES.length} route files, ${serverErrors} answered 5xx, ` +
        `${refusedByDatabase} reached PostgreSQL's own checks; ` +
        `statuses ${JSON.stringify(statuses)}`,
    );
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(refusedByDatabase).toBe(0);
    expect(tried).toBeGreaterThan(1000);

    await expectValidRequestsToPass();
  }, 600_000);
});
