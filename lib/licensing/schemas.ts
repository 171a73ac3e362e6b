// Offline licenses: the organization's public key, and the signed certificate the licensed software
// fetches while online and checks offline with lib/licensing/verify-certificate.ts.
import { z } from "zod";
import { dateTime } from "../core/schemas";
import { id } from "../core/validation";
import { keyRef } from "../license-keys/public-schemas";

export const licensePublicKeySchema = z.object({
  algorithm: z.literal("Ed25519"),
  /** The raw 32-byte public key, base64url. */
  public_key: z.string(),
  /** The same key as an SPKI PEM block. */
  public_key_pem: z.string(),
});

// Null accepted for "not given", as on the other public license key routes.
export const licenseCertificateBody = z.object({ ...keyRef, activation_id: id().nullish() });
export type LicenseCertificateBody = z.output<typeof licenseCertificateBody>;

export const licenseCertificateSchema = z.object({
  /** base64url of the UTF-8 JSON payload (LicenseCertificatePayload). */
  payload: z.string(),
  /** base64url of the Ed25519 signature over the payload's bytes (the decoded JSON, as sent). */
  signature: z.string(),
  /** `<payload>.<signature>`: what the software stores and verifies. */
  certificate: z.string(),
  valid_until: dateTime,
});

/** The signed JSON, field by field (datetimes as the API writes them: ISO 8601 UTC, milliseconds). */
export type LicenseCertificatePayload = {
  license_key_id: string;
  display_key: string;
  organization_id: string;
  customer_id: string;
  benefit_id: string;
  status: string;
  expires_at: string | null;
  activation_id: string | null;
  conditions: Record<string, unknown>;
  issued_at: string;
  valid_until: string;
};
