// Writing organizations: a signed-in merchant creates one and becomes its owner; a member (or a
// token of the organization with organizations:write) changes its name, slug, avatar, support
// email, subscription settings and seller details (legal name, address, tax ID). Slugs are unique: the look-up gives the usual case a clear 409,
// the unique index decides a race (its violation is the API's 409 too, lib/api/handler.ts).
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx, Tx } from "../db/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRow } from "../core/row-lock";
import { findOrganizationOrThrow } from "./service";
import { defaultInvoicePrefix } from "../core/invoice-number-format";
import type { SellerAddress, SellerTaxId } from "./seller-details";
import { Prisma } from "../generated/prisma/client";
import { currencySettingsData } from "../currency/settings";
import {
  organizationResourceInclude,
  toOrganizationResource,
  type CreateOrganizationBody,
  type UpdateOrganizationBody,
} from "./schemas";

const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/** 409 when another organization holds the slug. */
export async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: string) {
  const holder = await db.organization.findUnique({ where: { slug }, select: { id: true } });
  if (holder && holder.id !== exceptId) {
    throw new ApiError("ResourceAlreadyExists", `An organization with the slug "${slug}" already exists.`);
  }
}

function settingsData(settings: CreateOrganizationBody["subscription_settings"]) {
  return {
    allow_multiple_subscriptions: settings?.allow_multiple_subscriptions,
    allow_customer_updates: settings?.allow_customer_updates,
    proration_behavior: settings?.proration_behavior,
    prevent_trial_abuse: settings?.prevent_trial_abuse,
  };
}

/** The seller-details columns a PATCH writes: only the fields sent; null clears. */
function sellerDetailsData(body: {
  legal_name?: string | null;
  address?: SellerAddress | null;
  tax_id?: SellerTaxId | null;
}) {
  return {
    legal_name: body.legal_name,
    address: body.address === undefined ? undefined : (body.address ?? Prisma.DbNull),
    tax_id: body.tax_id === undefined ? undefined : (body.tax_id?.value ?? null),
    tax_id_type: body.tax_id === undefined ? undefined : (body.tax_id?.type ?? null),
  };
}

/** The organization, written in the caller's transaction, with `userId` as its owner. */
export async function insertOwnedOrganization(
  tx: Tx,
  userId: string,
  body: Omit<CreateOrganizationBody, "livemode"> & { livemode?: boolean },
  now = new Date(),
) {
  await assertSlugFree(tx, body.slug);
  const organization = await tx.organization.create({
    data: {
      id: randomUUID(),
      created_at: now,
      name: body.name,
      slug: body.slug,
      livemode: body.livemode ?? false,
      customer_invoice_prefix: body.customer_invoice_prefix ?? defaultInvoicePrefix(body.slug),
      avatar_url: body.avatar_url ?? null,
      email: body.email ?? null,
      ...settingsData(body.subscription_settings),
      revoke_benefits_on_dispute: body.feature_settings?.revoke_benefits_on_dispute,
      ...currencySettingsData(body),
    },
  });
  await tx.membership.create({
    data: { user_id: userId, organization_id: organization.id, role: "owner", created_at: now },
  });
  return organization;
}

export async function createOrganization(db: Db, principal: Principal, body: CreateOrganizationBody) {
  if (principal.kind !== "user_session" || !principal.userId) {
    throw new ApiError("NotPermitted", "Only a signed-in merchant can create an organization.");
  }
  const userId = principal.userId;
  const row = await db.$transaction((tx) => insertOwnedOrganization(tx, userId, body), TRANSACTION_OPTIONS);
  // A new organization has no card processor yet.
  return toOrganizationResource({ ...row, payment_processor: null });
}

export async function updateOrganization(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateOrganizationBody,
  now = new Date(),
) {
  const row = await db.$transaction(async (tx) => {
    const current = await findOrganizationOrThrow(tx, principal, id);
    // Test and live never switch: a live organization's orders, keys and processor are real ones,
    // a test organization's are not (docs/payments.md, "Test and live organizations").
    if (body.livemode !== undefined && body.livemode !== current.livemode) {
      throw ApiError.invalid(
        ["body", "livemode"],
        "livemode cannot be changed: create a new organization (copy-catalog copies a test catalog into it).",
        body.livemode,
      );
    }
    // Two renames racing: the second waits, then checks the slug against the first's result.
    await lockRow(tx, "organizations", id);
    if (body.slug !== undefined) await assertSlugFree(tx, body.slug, id);
    return tx.organization.update({
      where: { id },
      data: {
        name: body.name,
        slug: body.slug,
        avatar_url: body.avatar_url,
        email: body.email,
        customer_invoice_prefix: body.customer_invoice_prefix,
        ...settingsData(body.subscription_settings),
        revoke_benefits_on_dispute: body.feature_settings?.revoke_benefits_on_dispute,
        default_tax_behavior: body.default_tax_behavior,
        ...sellerDetailsData(body),
        invoice_automatically: body.invoice_automatically,
        ...currencySettingsData(body),
        modified_at: now,
      },
      include: organizationResourceInclude,
    });
  }, TRANSACTION_OPTIONS);
  return toOrganizationResource(row);
}
