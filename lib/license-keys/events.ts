// license_key.created and license_key.updated: `data` is the key as GET /v1/license-keys/{id}
// returns it (with its current activations). Issued keys, the merchant's PATCH, a benefit edit
// applied to existing keys and revocation (a subscription that ended) are events; a validation or
// an activation is not: they only count use (usage, validations, last_validated_at, activations),
// happen on every start of the merchant's software, and would drown the changes that matter.
import type { Tx } from "../db/client";
import { emitResourceEvents, organizationPrincipal } from "../webhooks/resource-events";
import { licenseKeyWithActivationsSchema } from "./schemas";
import { getLicenseKey } from "./read";

type KeyRef = { id: string; organization_id: string };

/** `view`: the key as GET returns it, when the caller has it (else read, only if someone listens). */
export function emitLicenseKeyEvent(
  tx: Tx,
  type: "license_key.created" | "license_key.updated",
  key: KeyRef,
  now?: Date,
  view?: Awaited<ReturnType<typeof getLicenseKey>>,
) {
  return emitResourceEvents(tx, {
    organizationId: key.organization_id,
    types: [type],
    schema: licenseKeyWithActivationsSchema,
    read: () => view ?? getLicenseKey(tx, organizationPrincipal(key.organization_id), key.id),
    now,
  });
}
