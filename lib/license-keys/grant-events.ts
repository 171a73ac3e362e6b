// benefit_grant.created and benefit_grant.revoked (`data`: lib/benefits/grant-schemas.ts), each
// followed by the event of the license key the grant issued or revoked with it. It lives with the
// keys, not with lib/benefits/, so that lib/benefits/ never imports lib/license-keys/ (which reads
// the benefit's schemas): see docs/architecture.md, "Layers and registration".
import type { Tx } from "../db/client";
import type { GrantChange } from "../benefits/grants";
import { benefitGrantInclude, benefitGrantSchema, toBenefitGrant } from "../benefits/grant-schemas";
import { emitResourceEvents } from "../webhooks/resource-events";
import { emitLicenseKeyEvent } from "./events";

function emitGrantEvent(
  tx: Tx,
  type: "benefit_grant.created" | "benefit_grant.revoked",
  organizationId: string,
  grantId: string,
  now: Date,
) {
  return emitResourceEvents(tx, {
    organizationId,
    types: [type],
    schema: benefitGrantSchema,
    read: async () =>
      toBenefitGrant(
        await tx.benefitGrant.findUniqueOrThrow({ where: { id: grantId }, include: benefitGrantInclude }),
      ),
    now,
  });
}

/** benefit_grant.created, then license_key.created for its key, per grant in grant order. */
export async function emitGrantsCreated(tx: Tx, organizationId: string, grants: GrantChange[], now: Date) {
  for (const grant of grants) {
    await emitGrantEvent(tx, "benefit_grant.created", organizationId, grant.grantId, now);
    if (grant.licenseKeyId) {
      const key = { id: grant.licenseKeyId, organization_id: organizationId };
      await emitLicenseKeyEvent(tx, "license_key.created", key, now);
    }
  }
}

/** benefit_grant.revoked, then license_key.updated for its key when the key was revoked with it. */
export async function emitGrantsRevoked(tx: Tx, organizationId: string, grants: GrantChange[], now: Date) {
  for (const grant of grants) {
    await emitGrantEvent(tx, "benefit_grant.revoked", organizationId, grant.grantId, now);
    if (grant.licenseKeyId) {
      const key = { id: grant.licenseKeyId, organization_id: organizationId };
      await emitLicenseKeyEvent(tx, "license_key.updated", key, now);
    }
  }
}
