// Bodies and responses of the public license key routes, called by the merchant's licensed software
// with the key itself as the credential (docs/api.md §7).
import { z } from "zod";
import { boundedJsonObject } from "../core/metadata";
import { id, INT4_MAX } from "../core/validation";
import { activationSchema, licenseKeySchema } from "./schemas";

/** PostgreSQL `integer`: larger usage counts cannot be stored. */
export const MAX_USAGE = INT4_MAX;

/** Keys are issued as `<PREFIX>-<UUID>`; anything longer cannot be one (and would not fit an index). */
export const MAX_LICENSE_KEY_LENGTH = 255;

/** The credential of every public license key route: the key, within its organization. */
export const keyRef = { key: z.string().min(1).max(MAX_LICENSE_KEY_LENGTH), organization_id: id() };

// Optional fields also accept null: the reference's SDKs send null for "not given".
export const validateLicenseKeyBody = z.object({
  ...keyRef,
  activation_id: id().nullish(),
  benefit_id: id().nullish(),
  customer_id: id().nullish(),
  increment_usage: z.number().int().min(0).max(MAX_USAGE).nullish(),
  conditions: boundedJsonObject.nullish(),
});
export type ValidateLicenseKeyBody = z.output<typeof validateLicenseKeyBody>;

export const activateLicenseKeyBody = z.object({
  ...keyRef,
  label: z.string().min(1).max(255),
  conditions: boundedJsonObject.nullish(),
  meta: boundedJsonObject.nullish(),
});
export type ActivateLicenseKeyBody = z.output<typeof activateLicenseKeyBody>;

export const deactivateLicenseKeyBody = z.object({ ...keyRef, activation_id: id() });
export type DeactivateLicenseKeyBody = z.output<typeof deactivateLicenseKeyBody>;

/** The mode of the key's organization: software can refuse keys sold by a test organization. */
const keyOrganizationLivemode = z
  .boolean()
  .describe(
    "false when the key's organization is a test organization (its sales are not real payments); true when live.",
  );

/** The key as the merchant API shows it, plus the activation the software validated, if any. */
export const validatedLicenseKeySchema = licenseKeySchema.extend({
  activation: activationSchema.omit({ license_key: true }).nullable(),
  livemode: keyOrganizationLivemode,
});

/** The activation taken (or the device's existing one), with its key and the organization's mode. */
export const activatedLicenseKeySchema = activationSchema.extend({ livemode: keyOrganizationLivemode });

// The same bodies on the merchant's authenticated routes (POST /v1/license-keys/validate,
// activate, deactivate): the token names the organization, so `organization_id` may be left out.
const inTokensOrganization = { organization_id: id().nullish() };
export const authenticatedValidateBody = validateLicenseKeyBody.extend(inTokensOrganization);
export const authenticatedActivateBody = activateLicenseKeyBody.extend(inTokensOrganization);
export const authenticatedDeactivateBody = deactivateLicenseKeyBody.extend(inTokensOrganization);
