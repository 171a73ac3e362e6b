// Reading one license key as GET /v1/license-keys/{id} returns it (also the `data` of its
// webhook events, ./events.ts).
import type { Customer, LicenseKey, LicenseKeyActivation } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directQuery, rowFromJson } from "../db/direct";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { toActivation, toLicenseKey } from "./schemas";

// One statement, straight to the driver (lib/db/direct.ts): the key, its customer and its current
// activations (oldest first) as JSON.
const GET_LICENSE_KEY_SQL = `
  SELECT row_to_json(k)::text AS key, row_to_json(c)::text AS customer,
         (SELECT g.order_id FROM benefit_grants g WHERE g.id = k.benefit_grant_id) AS order_id,
         (SELECT coalesce(json_agg(a ORDER BY a.created_at, a.id), '[]')::text
            FROM license_key_activations a
           WHERE a.license_key_id = k.id AND a.deleted_at IS NULL) AS activations
  FROM license_keys k JOIN customers c ON c.id = k.customer_id
  WHERE k.id = $1::uuid AND k.organization_id = ANY($2::uuid[])`;

export async function getLicenseKey(db: DbOrTx, principal: Principal, id: string) {
  const [row] = await directQuery(db)<{
    key: string;
    customer: string;
    order_id: string | null;
    activations: string;
  }>(GET_LICENSE_KEY_SQL, [id, principal.organizationIds]);
  if (!row) throw ApiError.notFound();
  const key = {
    ...rowFromJson<LicenseKey>("license_keys", row.key),
    customer: rowFromJson<Customer>("customers", row.customer),
  };
  const activations = (JSON.parse(row.activations) as Record<string, unknown>[]).map((activation) =>
    rowFromJson<LicenseKeyActivation>("license_key_activations", activation),
  );
  return { ...toLicenseKey(key), order_id: row.order_id, activations: activations.map(toActivation) };
}
