// The organizations API through the real handlers: list, get, create (signed-in merchants only)
// and update with every field, each validation rule's exact 422, tenancy 404, scopes 403, slug 409.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, type Db } from "@/lib/db/client";
import { createMerchantUser, createOrganization, createToken } from "@/lib/factories";
import { call, type CallOptions } from "@/test/http";
import { ISO } from "@/test/shapes";
import { POST as signIn } from "../auth/sign-in/route";
import { GET as list, POST as create } from "./route";
import { GET as getOne, PATCH as update } from "./[id]/route";

import { defaultInvoicePrefix } from "@/lib/orders/invoice-numbers";
const ORGANIZATION_FIELDS = [
  "account_id",
  "address",
  "allow_customer_updates",
  "avatar_url",
  "bio",
  "blog",
  "capabilities",
  "company",
  "country",
  "created_at",
  "currency_by_country",
  "customer_email_settings",
  "customer_invoice_prefix",
  "customer_portal_settings",
  "default_presentment_currency",
  "default_tax_behavior",
  "default_upfront_split_to_contributors",
  "details_submitted_at",
  "dispute_settings",
  "email",
  "embed_hosts",
  "feature_settings",
  "id",
  "invoice_automatically",
  "legal_name",
  "livemode",
  "location",
  "modified_at",
  "name",
  "onboarding_resubmission_requested_at",
  "payout_account_id",
  "pledge_badge_show_amount",
  "pledge_minimum_amount",
  "profile_settings",
  "proration_behavior",
  "slug",
  "social_username",
  "socials",
  "sso_enforced",
  "status",
  "subscription_settings",
  "tax_id",
  "twitter_username",
  "website",
];

const DEFAULT_PROFILE = {
  enabled: null,
  description: null,
  featured_projects: [],
  featured_organizations: [],
  links: [],
  subscribe: { promote: true, show_count: true, count_free: true, all: false },
  accent_color: null,
};

/** An organization as the API shows it, from its row's values. */
function shape(row: {
  id: string;
  created_at: Date;
  name: string;
  slug: string;
  customer_invoice_prefix?: string;
  livemode?: boolean;
  modified_at?: Date | string | null;
  avatar_url?: string | null;
  email?: string | null;
  subscription_settings?: Record<string, unknown>;
}) {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    modified_at: row.modified_at instanceof Date ? row.modified_at.toISOString() : (row.modified_at ?? null),
    name: row.name,
    slug: row.slug,
    customer_invoice_prefix: row.customer_invoice_prefix ?? defaultInvoicePrefix(row.slug),
    livemode: row.livemode ?? false,
    avatar_url: row.avatar_url ?? null,
    bio: null,
    company: null,
    blog: null,
    location: null,
    email: row.email ?? null,
    social_username: null,
    twitter_username: null,
    pledge_minimum_amount: 0,
    pledge_badge_show_amount: false,
    default_upfront_split_to_contributors: null,
    profile_settings: DEFAULT_PROFILE,
    feature_settings: { issue_funding_enabled: false, revoke_benefits_on_dispute: false },
    ...currentApiFields(
      (row.subscription_settings as typeof DEFAULT_SUBSCRIPTION_SETTINGS | undefined) ??
        DEFAULT_SUBSCRIPTION_SETTINGS,
      row.livemode ?? false,
    ),
  };
}

const DEFAULT_SUBSCRIPTION_SETTINGS = {
  allow_multiple_subscriptions: false,
  allow_customer_updates: true,
  proration_behavior: "prorate",
};

/** What the current reference API (SDK 1.x) reads of an organization, as this service answers it. */
function currentApiFields(settings: typeof DEFAULT_SUBSCRIPTION_SETTINGS, livemode: boolean) {
  return {
    subscription_settings: { ...settings, benefit_revocation_grace_period: 0, prevent_trial_abuse: true },
    proration_behavior: settings.proration_behavior,
    allow_customer_updates: settings.allow_customer_updates,
    website: null,
    socials: [],
    status: "active",
    details_submitted_at: null,
    onboarding_resubmission_requested_at: null,
    sso_enforced: false,
    default_presentment_currency: "usd",
    currency_by_country: {},
    default_tax_behavior: "exclusive",
    customer_email_settings: {
      order_confirmation: true,
      payment_method_expiration_reminder: false,
      subscription_cancellation: true,
      subscription_confirmation: true,
      subscription_cycled: true,
      subscription_cycled_after_trial: true,
      subscription_past_due: true,
      subscription_paused: false,
      subscription_resumed: false,
      subscription_renewal_reminder: false,
      subscription_revoked: true,
      subscription_trial_conversion_reminder: true,
      subscription_uncanceled: false,
      subscription_updated: false,
    },
    customer_portal_settings: {
      usage: { show: false },
      subscription: { update_seats: false, update_plan: settings.allow_customer_updates },
    },
    dispute_settings: { auto_accept_below_amount: null },
    embed_hosts: [],
    account_id: null,
    payout_account_id: null,
    // Without Stripe keys a live organization cannot take payments yet; a test one always can.
    capabilities: {
      checkout_payments: !livemode,
      subscription_renewals: true,
      payouts: false,
      refunds: true,
      api_access: true,
      dashboard_access: true,
    },
    // No seller details until the merchant gives them (seller-details.test.ts).
    legal_name: null,
    invoice_automatically: false,
    address: null,
    tax_id: null,
    country: null,
  };
}

type Problem = { type: string; loc: (string | number)[]; msg: string; input: unknown };
const problem = (type: string, loc: (string | number)[], msg: string, input: unknown = null): Problem => ({
  type,
  loc,
  msg,
  input,
});

let db: Db;
let token: string;
let readOnly: string;
let ordersOnly: string;
let session: CallOptions["headers"];
type Row = Awaited<ReturnType<typeof createOrganization>>;
const orgs: Record<"own" | "second" | "other", Row> = {} as never;

beforeAll(async () => {
  db = await getDb();
  orgs.own = await createOrganization(db, {
    name: "Acme",
    slug: "acme-orgs-test",
    created_at: new Date("2026-01-01T00:00:00.000Z"),
  });
  orgs.second = await createOrganization(db, {
    name: "Beta Tools",
    slug: "beta-orgs-test",
    created_at: new Date("2026-02-01T00:00:00.000Z"),
  });
  orgs.other = await createOrganization(db, { name: "Other", slug: "other-orgs-test" });
  token = (await createToken(db, orgs.own.id)).token;
  readOnly = (await createToken(db, orgs.own.id, { scopes: ["organizations:read"] })).token;
  ordersOnly = (await createToken(db, orgs.own.id, { scopes: ["orders:read"] })).token;
  await createMerchantUser(db, {
    email: "orgs-merchant@example.com",
    password: "orgs merchant password",
    organizationIds: [orgs.own.id, orgs.second.id],
  });
  const signedIn = await call(signIn, {
    body: { email: "orgs-merchant@example.com", password: "orgs merchant password" },
  });
  session = {
    cookie: signedIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; "),
    "x-csrf-token": signedIn.body.csrf_token as string,
  };
});

const post = (body: unknown) => call(create, { headers: session, body });
const patch = (id: string, body: unknown, t: string = token) =>
  call(update, { token: t, method: "PATCH", params: { id }, body });

describe("GET /v1/organizations/", () => {
  it("shows a token its own organization only, with every field", async () => {
    const res = await call(list, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.items[0]).sort()).toEqual(ORGANIZATION_FIELDS);
    expect(res.body).toEqual({ items: [shape(orgs.own)], pagination: { total_count: 1, max_page: 1 } });
  });

  it("shows a merchant the organizations they belong to, newest first, and filters by slug", async () => {
    const res = await call(list, { headers: session });
    expect(res.status).toBe(200);
    expect(res.body.items.map((o: { id: string }) => o.id)).toEqual([orgs.second.id, orgs.own.id]);
    const byName = await call(list, { headers: session, query: { sorting: "name", limit: 1, page: 2 } });
    expect(byName.body).toEqual({ items: [shape(orgs.second)], pagination: { total_count: 2, max_page: 2 } });
    const bySlug = await call(list, { headers: session, query: { slug: "acme-orgs-test" } });
    expect(bySlug.body.items).toEqual([shape(orgs.own)]);
    // Another organization's slug finds nothing: the filter narrows, never widens.
    const foreign = await call(list, { headers: session, query: { slug: "other-orgs-test" } });
    expect(foreign.body).toEqual({ items: [], pagination: { total_count: 0, max_page: 0 } });
  });

  it("needs organizations:read (organizations:write implies it)", async () => {
    expect((await call(list, { token: readOnly })).status).toBe(200);
    const refused = await call(list, { token: ordersOnly });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: "insufficient_scope",
      error_description: "The access token does not have the required scope: organizations:read.",
    });
  });

  it("refuses an unknown sorting criterion", async () => {
    const res = await call(list, { token, query: { sorting: ["name", "email"] } });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem(
        "enum",
        ["query", "sorting", 1],
        "Input should be 'created_at', '-created_at', 'slug', '-slug', 'name', '-name'",
        "email",
      ),
    ]);
  });
});

describe("GET /v1/organizations/{id}", () => {
  it("reads the caller's organization with every field", async () => {
    const res = await call(getOne, { token, params: { id: orgs.own.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(shape(orgs.own));
    const merchant = await call(getOne, { headers: session, params: { id: orgs.second.id } });
    expect(merchant.body).toEqual(shape(orgs.second));
  });

  it("answers 404 for another organization, 422 for a malformed id, 403 without the scope", async () => {
    for (const options of [
      { token, params: { id: orgs.other.id } },
      { headers: session, params: { id: orgs.other.id } },
      { token, params: { id: "6f1c1f8e-1b7a-4c1e-9a55-000000000000" } },
    ]) {
      const res = await call(getOne, options);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    }
    const malformed = await call(getOne, { token, params: { id: "acme" } });
    expect(malformed.status).toBe(422);
    expect(malformed.body.detail).toEqual([
      problem("uuid_parsing", ["path", "id"], "Input should be a valid UUID", "acme"),
    ]);
    expect((await call(getOne, { token: ordersOnly, params: { id: orgs.own.id } })).status).toBe(403);
  });
});

describe("POST /v1/organizations/", () => {
  it("creates an organization with every field; the merchant owns it and sees it at once", async () => {
    const res = await post({
      name: "  Gamma Labs ",
      slug: "gamma-labs",
      avatar_url: "https://cdn.example.com/gamma.png",
      email: "Support@Gamma.example",
      subscription_settings: { allow_multiple_subscriptions: true, proration_behavior: "invoice" },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(ORGANIZATION_FIELDS);
    expect(res.body.created_at).toMatch(ISO);
    expect(res.body).toEqual(
      shape({
        id: res.body.id,
        created_at: new Date(res.body.created_at),
        name: "Gamma Labs",
        slug: "gamma-labs",
        avatar_url: "https://cdn.example.com/gamma.png",
        email: "support@gamma.example",
        subscription_settings: {
          allow_multiple_subscriptions: true,
          allow_customer_updates: true,
          proration_behavior: "invoice",
        },
      }),
    );
    const membership = await db.membership.findFirstOrThrow({ where: { organization_id: res.body.id } });
    expect(membership.role).toBe("owner");
    const read = await call(getOne, { headers: session, params: { id: res.body.id } });
    expect(read.body).toEqual(res.body);
  });

  it("is for signed-in merchants only: a token gets 403, whatever its scopes", async () => {
    const before = await db.organization.count();
    const res = await call(create, { token, body: { name: "Token org", slug: "token-org" } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: "NotPermitted",
      detail: "This route needs a signed-in merchant (dashboard session).",
    });
    expect(await db.organization.count()).toBe(before);
  });

  it("answers 409 for a slug another organization holds, its own or not", async () => {
    for (const slug of ["other-orgs-test", "acme-orgs-test"]) {
      const res = await post({ name: "Copy", slug });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({
        error: "ResourceAlreadyExists",
        detail: `An organization with the slug "${slug}" already exists.`,
      });
    }
  });

  it("validates every field, all problems at once, and writes nothing", async () => {
    const before = await db.organization.count();
    const cases: [unknown, Problem[]][] = [
      [
        {},
        [
          problem("missing", ["body", "name"], "Field required"),
          problem("missing", ["body", "slug"], "Field required"),
        ],
      ],
      [
        {
          name: "  ",
          slug: "Upper-Case",
          avatar_url: "http://cdn.example.com/a.png",
          email: "not-an-email",
          subscription_settings: { allow_customer_updates: "yes", proration_behavior: "monthly" },
        },
        [
          problem("string_too_short", ["body", "name"], "String should have at least 1 characters", ""),
          problem(
            "value_error",
            ["body", "slug"],
            "Slug should hold only lower-case letters, digits and dashes, not at either end",
            "Upper-Case",
          ),
          problem(
            "value_error",
            ["body", "avatar_url"],
            "Avatar URL should be an https URL with a domain name",
            "http://cdn.example.com/a.png",
          ),
          problem("value_error", ["body", "email"], "value is not a valid email address", "not-an-email"),
          problem(
            "bool_type",
            ["body", "subscription_settings", "allow_customer_updates"],
            "Input should be a valid boolean",
            "yes",
          ),
          problem(
            "enum",
            ["body", "subscription_settings", "proration_behavior"],
            "Input should be 'invoice', 'prorate'",
            "monthly",
          ),
        ],
      ],
      [
        { name: "x".repeat(121), slug: "-dash-first", avatar_url: `https://a.example/${"x".repeat(2048)}` },
        [
          problem(
            "string_too_long",
            ["body", "name"],
            "String should have at most 120 characters",
            "x".repeat(121),
          ),
          problem(
            "value_error",
            ["body", "slug"],
            "Slug should hold only lower-case letters, digits and dashes, not at either end",
            "-dash-first",
          ),
          problem(
            "string_too_long",
            ["body", "avatar_url"],
            "String should have at most 2048 characters",
            `https://a.example/${"x".repeat(2048)}`.slice(0, 199) + "…",
          ),
        ],
      ],
      [
        { name: "Reserved", slug: "sign-in" },
        [problem("value_error", ["body", "slug"], "This slug is reserved", "sign-in")],
      ],
      [
        { name: "Long slug", slug: "a".repeat(65) },
        [
          problem(
            "string_too_long",
            ["body", "slug"],
            "String should have at most 64 characters",
            "a".repeat(65),
          ),
        ],
      ],
    ];
    for (const [body, detail] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.body).toEqual({ error: "RequestValidationError", detail });
    }
    expect(await db.organization.count()).toBe(before);
  });
});

describe("PATCH /v1/organizations/{id}", () => {
  it("changes only the fields sent, sets modified_at, and reads back the same", async () => {
    const org = await createOrganization(db, { name: "Patch me", slug: "patch-me" });
    const orgToken = (await createToken(db, org.id)).token;
    const res = await patch(
      org.id,
      {
        name: "Patched",
        slug: "patched",
        avatar_url: "https://cdn.example.com/p.png",
        email: "help@patched.example",
        subscription_settings: { allow_customer_updates: false },
      },
      orgToken,
    );
    expect(res.status).toBe(200);
    expect(res.body.modified_at).toMatch(ISO);
    expect(res.body).toEqual(
      shape({
        ...org,
        modified_at: res.body.modified_at,
        name: "Patched",
        slug: "patched",
        avatar_url: "https://cdn.example.com/p.png",
        email: "help@patched.example",
        subscription_settings: {
          allow_multiple_subscriptions: false,
          allow_customer_updates: false,
          proration_behavior: "prorate",
        },
      }),
    );
    expect((await call(getOne, { token: orgToken, params: { id: org.id } })).body).toEqual(res.body);

    // null clears the optional fields; an empty body changes nothing but modified_at.
    const cleared = await patch(org.id, { avatar_url: null, email: null }, orgToken);
    expect(cleared.body).toMatchObject({ name: "Patched", avatar_url: null, email: null });
    const same = await patch(org.id, {}, orgToken);
    expect(same.status).toBe(200);
    expect({ ...same.body, modified_at: null }).toEqual({ ...cleared.body, modified_at: null });
    // Its own slug again is not a conflict.
    expect((await patch(org.id, { slug: "patched" }, orgToken)).status).toBe(200);
  });

  it("lets a signed-in merchant update their organization", async () => {
    const res = await call(update, {
      headers: session,
      method: "PATCH",
      params: { id: orgs.second.id },
      body: { subscription_settings: { proration_behavior: "invoice" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.subscription_settings).toEqual({
      allow_multiple_subscriptions: false,
      allow_customer_updates: true,
      proration_behavior: "invoice",
      benefit_revocation_grace_period: 0,
      prevent_trial_abuse: true,
    });
    expect(res.body.proration_behavior).toBe("invoice");
  });

  it("turns revoke_benefits_on_dispute on and off; an empty feature_settings is a 422", async () => {
    const org = await createOrganization(db, { name: "Dispute setting" });
    const orgToken = (await createToken(db, org.id)).token;
    const on = await patch(org.id, { feature_settings: { revoke_benefits_on_dispute: true } }, orgToken);
    expect(on.status).toBe(200);
    expect(on.body.feature_settings).toEqual({
      issue_funding_enabled: false,
      revoke_benefits_on_dispute: true,
    });
    expect(await db.organization.findUniqueOrThrow({ where: { id: org.id } })).toMatchObject({
      revoke_benefits_on_dispute: true,
    });
    // Other changes leave it as it is.
    expect((await patch(org.id, { name: "Renamed" }, orgToken)).body.feature_settings).toEqual({
      issue_funding_enabled: false,
      revoke_benefits_on_dispute: true,
    });
    const empty = await patch(org.id, { feature_settings: {} }, orgToken);
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toEqual([
      expect.objectContaining({ loc: ["body", "feature_settings", "revoke_benefits_on_dispute"] }),
    ]);
    const off = await patch(org.id, { feature_settings: { revoke_benefits_on_dispute: false } }, orgToken);
    expect(off.body.feature_settings.revoke_benefits_on_dispute).toBe(false);
  });

  it("changes the order-number prefix (upper-cased; letters and digits only)", async () => {
    const org = await createOrganization(db, { name: "Prefix", slug: "prefix-orgs-test" });
    expect(org.customer_invoice_prefix).toBe("PREFIXORGSTE"); // the slug's first 12 letters and digits
    const orgToken = (await createToken(db, org.id)).token;
    const res = await patch(org.id, { customer_invoice_prefix: " acme2 " }, orgToken);
    expect(res.status).toBe(200);
    expect(res.body.customer_invoice_prefix).toBe("ACME2");
    const bad = await patch(org.id, { customer_invoice_prefix: "AC-ME" }, orgToken);
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toEqual([
      problem(
        "value_error",
        ["body", "customer_invoice_prefix"],
        "Invoice prefix should hold only letters and digits",
        "AC-ME",
      ),
    ]);
    const long = await patch(org.id, { customer_invoice_prefix: "A".repeat(13) }, orgToken);
    expect(long.status).toBe(422);
    expect((await db.organization.findUniqueOrThrow({ where: { id: org.id } })).customer_invoice_prefix).toBe(
      "ACME2",
    );
  });

  it("answers 409 for a taken slug and changes nothing", async () => {
    const res = await patch(orgs.own.id, { name: "Renamed", slug: "other-orgs-test" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ResourceAlreadyExists",
      detail: 'An organization with the slug "other-orgs-test" already exists.',
    });
    expect(await db.organization.findUniqueOrThrow({ where: { id: orgs.own.id } })).toMatchObject({
      name: "Acme",
      slug: "acme-orgs-test",
      modified_at: null,
    });
  });

  it("validates the fields sent", async () => {
    const res = await patch(orgs.own.id, {
      name: null,
      slug: "a_b",
      email: "x@",
      avatar_url: "ftp://a.example",
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toEqual([
      problem("string_type", ["body", "name"], "Input should be a valid string"),
      problem(
        "value_error",
        ["body", "slug"],
        "Slug should hold only lower-case letters, digits and dashes, not at either end",
        "a_b",
      ),
      problem(
        "value_error",
        ["body", "avatar_url"],
        "Avatar URL should be an https URL with a domain name",
        "ftp://a.example",
      ),
      problem("value_error", ["body", "email"], "value is not a valid email address", "x@"),
    ]);
    const misspelt = await patch(orgs.own.id, { subscription_settings: { allow_customer_update: false } });
    expect(misspelt.status).toBe(422);
    expect(misspelt.body.detail).toEqual([
      problem(
        "value_error",
        ["body", "subscription_settings"],
        "Give at least one of allow_multiple_subscriptions, allow_customer_updates, proration_behavior, prevent_trial_abuse",
        {},
      ),
    ]);
  });

  it("answers 404 for another organization and 403 without organizations:write", async () => {
    const foreign = await patch(orgs.other.id, { name: "Mine now" });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: "ResourceNotFound", detail: "Not found" });
    const readOnlyRes = await patch(orgs.own.id, { name: "Nope" }, readOnly);
    expect(readOnlyRes.status).toBe(403);
    expect(readOnlyRes.body.error).toBe("insufficient_scope");
    expect(await db.organization.findUniqueOrThrow({ where: { id: orgs.other.id } })).toMatchObject({
      name: "Other",
    });
  });
});

describe("the current reference API's organization settings", () => {
  it("takes back what it answered (no grace period), refuses another grace period by name, and turns the trial-abuse check off", async () => {
    const org = await createOrganization(db, { name: "Round trip" });
    const orgToken = (await createToken(db, org.id)).token;
    const read = (await call(getOne, { token: orgToken, params: { id: org.id } })).body;
    const same = await call(update, {
      token: orgToken,
      method: "PATCH",
      params: { id: org.id },
      body: { subscription_settings: read.subscription_settings },
    });
    expect(same.status).toBe(200);
    expect(same.body.subscription_settings).toEqual(read.subscription_settings);
    const refused = await call(update, {
      token: orgToken,
      method: "PATCH",
      params: { id: org.id },
      body: { subscription_settings: { benefit_revocation_grace_period: 3, prevent_trial_abuse: false } },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.detail.map((p: Problem) => p.loc)).toEqual([
      ["body", "subscription_settings", "benefit_revocation_grace_period"],
    ]);
    const off = await call(update, {
      token: orgToken,
      method: "PATCH",
      params: { id: org.id },
      body: { subscription_settings: { prevent_trial_abuse: false } },
    });
    expect(off.status).toBe(200);
    expect(off.body.subscription_settings.prevent_trial_abuse).toBe(false);
    expect(await db.organization.findUniqueOrThrow({ where: { id: org.id } })).toMatchObject({
      prevent_trial_abuse: false,
    });
  });
});
