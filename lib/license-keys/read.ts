// Reading one license key as GET /v1/license-keys/{id} returns it (also the `data` of its
// webhook events, ./events.ts).
import type { Customer, LicenseKey, LicenseKeyActivation } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { rowFromJson, runResourceRead, type ResourceRead } from "../db/direct";
import type { Principal } from "../core/principal";
import { foundOrThrow } from "../core/tenancy";
import { toActivation, toLicenseKey } from "./schemas";

type Json = Record<string, unknown>;

function decodeLicenseKey(row: Json) {
  const key = {
    ...rowFromJson<LicenseKey>("license_keys", row.key as Json),
    customer: rowFromJson<Customer>("customers", row.customer as Json),
  };
  const activations = (row.activations as Json[]).map((activation) =>
    toActivation(rowFromJson<LicenseKeyActivation>("license_key_activations", activation)),
  );
  return {
    ...toLicenseKey(key),
    order_id: row.order_id as string | null,
    subscription_id: row.subscription_id as string | null,
    activations,
  };
}

// One statement, straight to the driver (lib/db/direct.ts): the key, its customer and its current
// activations (oldest first) as JSON. GET /v1/license-keys/{id} runs it inside the statement that
// admits the caller's token (lib/api/handler.ts `readRoute`).
export const licenseKeyById: ResourceRead<ReturnType<typeof decodeLicenseKey>> = {
  valueCount: 1,
  sql: ({ organizations, values: [id] }) => `
    SELECT json_build_object(
             'key', row_to_json(k), 'customer', row_to_json(c),
             'order_id', (SELECT g.order_id FROM benefit_grants g WHERE g.id = k.benefit_grant_id),
             'subscription_id', (SELECT g.subscription_id FROM benefit_grants g WHERE g.id = k.benefit_grant_id),
             'activations', (SELECT coalesce(json_agg(a ORDER BY a.created_at, a.id), '[]')
                               FROM license_key_activations a
                              WHERE a.license_key_id = k.id AND a.deleted_at IS NULL)
           )::text AS row
    FROM license_keys k JOIN customers c ON c.id = k.customer_id
    WHERE k.id = ${id}::uuid AND k.organization_id = ANY(${organizations})`,
  decode: decodeLicenseKey,
};

export async function getLicenseKey(db: DbOrTx, principal: Principal, id: string) {
  return foundOrThrow(await runResourceRead(db, licenseKeyById, principal.organizationIds, [id]));
}
