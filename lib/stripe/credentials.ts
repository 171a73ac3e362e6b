// An organization's card processor (docs/payments.md, "Stripe"): the merchant pastes Stripe's keys;
// they are checked against Stripe (GET /v1/account, outside any transaction), checked for one mode
// that fits the organization (a test organization takes test keys, a live one live keys), and
// stored sealed (lib/secrets/). Nothing ever answers a secret back.
import type Stripe from "stripe";
import type { Db, DbOrTx } from "../db/client";
import { ApiError } from "../core/errors";
import type { Principal } from "../core/principal";
import { lockRow } from "../core/row-lock";
import { publicBaseUrl } from "../public-url";
import { decrypt, encrypt } from "../secrets/encryption";
import { findOrganizationOrThrow } from "../organizations/service";
import type { PaymentProcessorSetting } from "../generated/prisma/client";
import { isStripeError, isTestKey, stripeClient } from "./client";
import { STRIPE_WEBHOOK_EVENTS } from "./event-types";
import type { PatchPaymentProcessorBody, PaymentProcessorView, PutPaymentProcessorBody } from "./schemas";

const secretContext = (organizationId: string) => `payment_processor_settings.secret_key:${organizationId}`;
const webhookContext = (organizationId: string) =>
  `payment_processor_settings.webhook_secret:${organizationId}`;

/** Where Stripe sends the organization's events. */
export function stripeWebhookUrl(organizationId: string): string {
  return `${publicBaseUrl()}/v1/integrations/stripe/webhook/${organizationId}`;
}

function view(organization: { id: string; livemode: boolean }, row: PaymentProcessorSetting | null) {
  return {
    processor: (row?.processor ?? null) as PaymentProcessorView["processor"],
    livemode: organization.livemode,
    publishable_key: row?.publishable_key ?? null,
    secret_key_last4: row?.secret_key_last4 ?? null,
    account_id: row?.account_id ?? null,
    webhook_url: stripeWebhookUrl(organization.id),
    webhook_events: [...STRIPE_WEBHOOK_EVENTS],
    require_three_d_secure: row?.require_three_d_secure ?? false,
  } satisfies PaymentProcessorView;
}

export async function getPaymentProcessor(db: DbOrTx, principal: Principal, organizationId: string) {
  const organization = await findOrganizationOrThrow(db, principal, organizationId);
  const row = await db.paymentProcessorSetting.findUnique({ where: { organization_id: organizationId } });
  return view(organization, row);
}

/** The keys' mode must be one, and the organization's. */
function checkModes(livemode: boolean, body: Extract<PutPaymentProcessorBody, { processor: "stripe" }>) {
  const mode = (test: boolean) => (test ? "test" : "live");
  const secretTest = isTestKey(body.secret_key);
  if (isTestKey(body.publishable_key) !== secretTest) {
    throw ApiError.invalid(
      ["body", "publishable_key"],
      `This is a ${mode(!secretTest)} key and the secret key a ${mode(secretTest)} one: use the two keys of one mode.`,
    );
  }
  if (secretTest === livemode) {
    throw ApiError.invalid(
      ["body", "secret_key"],
      livemode
        ? "This is a live organization: it takes live keys (sk_live_…). Test keys belong to a test organization."
        : "This is a test organization: it takes test keys (sk_test_…). Live keys belong to a live organization.",
    );
  }
}

/** Stripe's answer to the key, as a problem on the field it is about. */
async function readAccount(secretKey: string): Promise<Stripe.Account> {
  try {
    return await stripeClient(secretKey).accounts.retrieveCurrent();
  } catch (error) {
    if (isStripeError(error) && (error.type === "StripeAuthenticationError" || error.statusCode === 401)) {
      throw ApiError.invalid(["body", "secret_key"], "Stripe does not accept this secret key.");
    }
    if (isStripeError(error) && error.type === "StripePermissionError") {
      throw ApiError.invalid(
        ["body", "secret_key"],
        "This key may not read the account: use the secret key, or a restricted key with write access to payments.",
      );
    }
    throw ApiError.invalid(
      ["body", "secret_key"],
      "Stripe could not be reached to check this key. Try again in a moment.",
    );
  }
}

export async function putPaymentProcessor(
  db: Db,
  principal: Principal,
  organizationId: string,
  body: PutPaymentProcessorBody,
  now = new Date(),
) {
  const organization = await findOrganizationOrThrow(db, principal, organizationId);
  let values: Omit<
    PaymentProcessorSetting,
    "organization_id" | "created_at" | "modified_at" | "require_three_d_secure"
  >;
  if (body.processor === "test") {
    if (organization.livemode) {
      throw ApiError.invalid(
        ["body", "processor"],
        "The built-in test processor takes no real money: a live organization needs Stripe.",
      );
    }
    values = {
      processor: "test",
      livemode: false,
      publishable_key: null,
      secret_key_sealed: null,
      secret_key_last4: null,
      webhook_secret_sealed: null,
      account_id: null,
    };
  } else {
    checkModes(organization.livemode, body);
    // A network call: before the transaction, never inside it.
    const account = await readAccount(body.secret_key);
    values = {
      processor: "stripe",
      livemode: !isTestKey(body.secret_key),
      publishable_key: body.publishable_key,
      secret_key_sealed: encrypt(body.secret_key, secretContext(organizationId)),
      secret_key_last4: body.secret_key.slice(-4),
      webhook_secret_sealed: encrypt(body.webhook_secret, webhookContext(organizationId)),
      account_id: account.id,
    };
  }
  const row = await db.$transaction(async (tx) => {
    await lockRow(tx, "organizations", organizationId);
    return tx.paymentProcessorSetting.upsert({
      where: { organization_id: organizationId },
      create: { organization_id: organizationId, created_at: now, ...values },
      update: { modified_at: now, ...values },
    });
  });
  return view(organization, row);
}

/** PATCH: the settings beside the keys; 404 before any processor is set. */
export async function patchPaymentProcessor(
  db: Db,
  principal: Principal,
  organizationId: string,
  body: PatchPaymentProcessorBody,
  now = new Date(),
) {
  const organization = await findOrganizationOrThrow(db, principal, organizationId);
  const row = await db.$transaction(async (tx) => {
    await lockRow(tx, "organizations", organizationId);
    const current = await tx.paymentProcessorSetting.findUnique({
      where: { organization_id: organizationId },
    });
    if (current?.processor !== "stripe") {
      throw ApiError.invalid(
        ["body", "require_three_d_secure"],
        "Connect Stripe first: this setting is Stripe's.",
      );
    }
    return tx.paymentProcessorSetting.update({
      where: { organization_id: organizationId },
      data: { modified_at: now, require_three_d_secure: body.require_three_d_secure },
    });
  });
  return view(organization, row);
}

/** An organization's Stripe keys, opened for a call; null when it has no Stripe processor. */
export type StripeCredentials = {
  organizationId: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  livemode: boolean;
  requireThreeDSecure: boolean;
};

export async function stripeCredentials(
  db: DbOrTx,
  organizationId: string,
): Promise<StripeCredentials | null> {
  const row = await db.paymentProcessorSetting.findUnique({ where: { organization_id: organizationId } });
  if (!row || row.processor !== "stripe" || !row.secret_key_sealed || !row.webhook_secret_sealed) return null;
  return {
    organizationId,
    secretKey: decrypt(row.secret_key_sealed, secretContext(organizationId)),
    publishableKey: row.publishable_key ?? "",
    webhookSecret: decrypt(row.webhook_secret_sealed, webhookContext(organizationId)),
    livemode: row.livemode,
    requireThreeDSecure: row.require_three_d_secure,
  };
}
