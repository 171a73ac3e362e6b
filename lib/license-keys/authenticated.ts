// License keys checked by the merchant's own backend with a token (POST /v1/license-keys/validate,
// activate, deactivate): exactly the public routes' rules (./public.ts), for a key of the caller's
// organization. The body may leave `organization_id` out; naming another organization answers as
// an unknown key does, so a token cannot tell another organization's keys from missing ones.
import type { Db } from "../db/client";
import { ApiError } from "../core/errors";
import { namedOrganization, type Principal } from "../core/principal";
import { activateLicenseKey, deactivateLicenseKey, validateLicenseKey } from "./public";
import type {
  ActivateLicenseKeyBody,
  DeactivateLicenseKeyBody,
  ValidateLicenseKeyBody,
} from "./public-schemas";

type InCallersOrganization<T extends { organization_id: string }> = Omit<T, "organization_id"> & {
  organization_id?: string | null;
};

/** The body with the caller's organization filled in, or the error an unknown key gets. */
function inCallersOrganization<T extends { organization_id?: string | null }>(
  principal: Principal,
  body: T,
  unknownKey: string,
): T & { organization_id: string } {
  const organizationId = namedOrganization(principal, body.organization_id);
  if (organizationId) return { ...body, organization_id: organizationId };
  if (body.organization_id) throw ApiError.notFound(unknownKey);
  // Only a signed-in merchant of several organizations gets here.
  throw ApiError.invalid(["body", "organization_id"], "Field required", null, "missing");
}

export function validateOrganizationKey(
  db: Db,
  principal: Principal,
  body: InCallersOrganization<ValidateLicenseKeyBody>,
  now = new Date(),
) {
  return validateLicenseKey(db, inCallersOrganization(principal, body, "License key not found."), now);
}

export function activateOrganizationKey(
  db: Db,
  principal: Principal,
  body: InCallersOrganization<ActivateLicenseKeyBody>,
  now = new Date(),
) {
  return activateLicenseKey(db, inCallersOrganization(principal, body, "License key not found."), now);
}

export function deactivateOrganizationKey(
  db: Db,
  principal: Principal,
  body: InCallersOrganization<DeactivateLicenseKeyBody>,
  now = new Date(),
) {
  // The public deactivate answers an unknown key like an unknown activation.
  const scoped = inCallersOrganization(principal, body, "License key activation not found.");
  return deactivateLicenseKey(db, scoped, now);
}
