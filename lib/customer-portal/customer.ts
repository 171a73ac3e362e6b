// The portal's organization page (public: the sign-in page shows whose portal it is) and the
// signed-in buyer's own profile.
import type { DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { toAddress } from "../core/schemas";
import { foundOrThrow } from "./tenancy";

/** GET /v1/customer-portal/organizations/{slug}: a blocked organization has no portal (404). */
export async function getPortalOrganization(db: DbOrTx, slug: string) {
  const organization = await db.organization.findFirst({
    where: { slug, blocked_at: null },
    select: { id: true, name: true, slug: true, avatar_url: true },
  });
  return foundOrThrow(organization, "Organization not found.");
}

/** GET /v1/customer-portal/customers/me. */
export async function getPortalCustomer(db: DbOrTx, principal: CustomerPrincipal) {
  const customer = foundOrThrow(
    await db.customer.findFirst({
      where: { id: principal.customerId, organization_id: principal.organizationId, deleted_at: null },
      include: { organization: { select: { id: true, name: true, slug: true } } },
    }),
  );
  return {
    id: customer.id,
    email: customer.email,
    name: customer.name,
    billing_address: toAddress(customer.billing_address),
    tax_id: customer.tax_id
      ? ([customer.tax_id, customer.tax_id_type ?? "unknown"] as [string, string])
      : null,
    organization: customer.organization,
  };
}
