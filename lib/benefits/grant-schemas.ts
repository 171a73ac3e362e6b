// The benefit grant, as benefit_grant.* webhook events and GET /v1/benefits/{id}/grants carry it: the
// reference API's BenefitGrant, with the customer and the benefit nested in full. Kept apart from
// ./schemas.ts, which the dashboard loads in the browser (the customer schema needs node:crypto).
import { z } from "zod";
import type { Benefit, BenefitGrant, Customer } from "../generated/prisma/client";
import { dateTime, jsonObject, timestamps } from "../core/schemas";
import { customerSchema, toCustomer } from "../customers/schemas";
import { displayKey } from "../core/license-key-format";
import { benefitResourceSchema, toBenefit } from "./schemas";

export const benefitGrantSchema = z.object({
  id: z.string(),
  ...timestamps,
  granted_at: dateTime.nullable(),
  /** Granted and not revoked since: the buyer has the benefit now. */
  is_granted: z.boolean(),
  revoked_at: dateTime.nullable(),
  is_revoked: z.boolean(),
  subscription_id: z.string().nullable(),
  order_id: z.string().nullable(),
  customer_id: z.string(),
  /** Legacy (the specification's era SDK reads it): the customer's id. */
  user_id: z.string(),
  benefit_id: z.string(),
  /** license_keys: `{license_key_id, display_key}` of the key it issued; custom: `{}`. */
  properties: jsonObject,
  customer: customerSchema,
  benefit: benefitResourceSchema,
});

export const benefitGrantInclude = {
  customer: true,
  benefit: true,
  license_key: { select: { id: true, key: true } },
} as const;

export type BenefitGrantRow = BenefitGrant & {
  customer: Customer;
  benefit: Benefit;
  license_key: { id: string; key: string } | null;
};

export function toBenefitGrant(row: BenefitGrantRow) {
  const { license_key: key, ...grant } = row;
  return {
    ...grant,
    ...grantState(grant, key),
    user_id: grant.customer_id,
    customer: toCustomer(row.customer),
    benefit: toBenefit(row.benefit),
  };
}

/**
 * What every view of a grant derives from its row (the merchant's, the buyer's portal): whether
 * it is held now, and for a license key's grant which key it issued.
 */
export function grantState(
  grant: Pick<BenefitGrant, "granted_at" | "revoked_at"> & { properties?: unknown },
  key: { id: string; key: string } | null,
) {
  // A downloadables grant records its files (./grants.ts); a key's grant names its key.
  const recorded = grant.properties && typeof grant.properties === "object" ? grant.properties : {};
  return {
    is_granted: grant.granted_at !== null && grant.revoked_at === null,
    is_revoked: grant.revoked_at !== null,
    properties: (key ? { license_key_id: key.id, display_key: displayKey(key.key) } : recorded) as Record<
      string,
      unknown
    >,
  };
}
