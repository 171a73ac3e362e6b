// The portal's organization page (public: the sign-in page shows whose portal it is) and the
// signed-in buyer's own profile.
import type { Db, DbOrTx } from "../db/client";
import { updateCustomer } from "../customers/manage";
import type { UpdatePortalCustomerBody } from "./schemas";
import type { Customer } from "../generated/prisma/client";
import { systemPrincipal, type CustomerPrincipal } from "../core/principal";
import { toAddress } from "../core/schemas";
import { foundOrThrow } from "./tenancy";
import { ApiError } from "../core/errors";
import { checkoutProductInclude, toCheckoutProduct } from "../products/schemas";
import {
  organizationResourceInclude,
  toCustomerOrganization,
  toPortalProductOrganization,
} from "../organizations/schemas";

/** Products a portal's organization page lists: its buyable ones, oldest first, at most this many. */
export const PORTAL_ORGANIZATION_PRODUCTS = 100;

/**
 * GET /v1/customer-portal/organizations/{slug}: a blocked organization has no portal (404). Its
 * name and picture, and (the current reference API's CustomerOrganizationData) the organization
 * as buyers see it and the products it sells.
 */
export async function getPortalOrganization(db: DbOrTx, slug: string) {
  const organization = foundOrThrow(
    await db.organization.findFirst({
      where: { slug, blocked_at: null },
      include: organizationResourceInclude,
    }),
    "Organization not found.",
  );
  const products = await db.product.findMany({
    where: { organization_id: organization.id, is_archived: false },
    include: checkoutProductInclude,
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
    take: PORTAL_ORGANIZATION_PRODUCTS,
  });
  return {
    ...toPortalProductOrganization(organization),
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    avatar_url: organization.avatar_url,
    organization: toCustomerOrganization(organization),
    products: products.map(toCheckoutProduct),
  };
}

/** GET /v1/customer-portal/customer-session/introspect: when the buyer's session ends. */
export async function introspectCustomerSession(db: DbOrTx, principal: CustomerPrincipal) {
  const session = foundOrThrow(
    await db.customerSession.findFirst({
      where: { id: principal.id, customer_id: principal.customerId },
      select: { expires_at: true },
    }),
  );
  return { expires_at: session.expires_at, return_url: null };
}

/**
 * GET /v1/customer-portal/customer-session/user: who the session is (the reference API's
 * PortalAuthenticatedUser). Always the customer themselves: there are no team members here.
 */
export async function getPortalAuthenticatedUser(db: DbOrTx, principal: CustomerPrincipal) {
  const customer = foundOrThrow(
    await db.customer.findFirst({
      where: { id: principal.customerId, organization_id: principal.organizationId, deleted_at: null },
      select: { id: true, name: true, email: true },
    }),
  );
  return {
    type: "customer" as const,
    name: customer.name,
    email: customer.email,
    customer_id: customer.id,
    member_id: null,
    role: null,
  };
}

/**
 * PATCH /v1/customer-portal/customers/me: the buyer's own billing details, changed as the merchant's
 * update changes them (one transaction under the customer's row lock, customer.updated emitted).
 */
export async function updatePortalCustomer(
  db: Db,
  principal: CustomerPrincipal,
  body: UpdatePortalCustomerBody,
) {
  // The buyer reads no organization resource (principal.ts), but changes their own customer row as
  // the organization's services would: through the customer service, scoped to their organization.
  await updateCustomer(db, systemPrincipal(principal.organizationId, principal.id), principal.customerId, {
    ...(body.billing_name !== undefined && { name: body.billing_name }),
    ...(body.billing_address !== undefined && { billing_address: body.billing_address }),
    ...(body.tax_id !== undefined && { tax_id: body.tax_id }),
    ...(body.locale !== undefined && { locale: body.locale }),
  });
  return getPortalCustomer(db, principal);
}

/** GET /v1/customer-portal/customers/me. */
export async function getPortalCustomer(db: DbOrTx, principal: CustomerPrincipal) {
  const customer = foundOrThrow(
    await db.customer.findFirst({
      where: { id: principal.customerId, organization_id: principal.organizationId, deleted_at: null },
      include: { organization: { select: { id: true, name: true, slug: true } } },
    }),
  );
  return { ...toPortalCustomer(customer), organization: customer.organization };
}

/**
 * GET /v1/customer-portal/customers/{id}: the signed-in buyer when the id is theirs (the
 * specification's era SDK reads them there); any other id is not found.
 */
export async function getPortalCustomerById(db: DbOrTx, principal: CustomerPrincipal, id: string) {
  if (id !== principal.customerId) throw ApiError.notFound();
  return getPortalCustomer(db, principal);
}

/** The buyer as their portal shows them (the current reference API's CustomerPortalCustomer). */
export function toPortalCustomer(customer: Customer) {
  return {
    id: customer.id,
    created_at: customer.created_at,
    modified_at: customer.modified_at,
    email: customer.email,
    email_verified: customer.email_verified,
    name: customer.name,
    billing_name: customer.name,
    billing_address: toAddress(customer.billing_address),
    tax_id: customer.tax_id
      ? ([customer.tax_id, customer.tax_id_type ?? "unknown"] as [string, string])
      : null,
    locale: customer.locale,
    oauth_accounts: {},
  };
}
