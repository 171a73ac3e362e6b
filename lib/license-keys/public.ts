// License keys as the merchant's licensed software uses them: validate, activate, deactivate
// (docs/api.md §7). There is no token: the key, within its organization, is the credential, so
// every failure to find or to match is a 404 that says nothing about other organizations' keys.
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import {
  type Prisma,
  type Customer,
  type LicenseKey,
  type LicenseKeyActivation,
} from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import { atomicWrite, directQuery, rowFromJson, type DirectQuery } from "../db/direct";
import { ApiError } from "../core/errors";
import { toActivation, toLicenseKey, type LicenseKeyRow } from "./schemas";
import {
  MAX_USAGE,
  type ActivateLicenseKeyBody,
  type DeactivateLicenseKeyBody,
  type ValidateLicenseKeyBody,
} from "./public-schemas";

type KeyRef = { key: string; organization_id: string };

// Every answer carries the mode of the key's organization (docs/payments.md, "Test and live
// organizations"), read in the key's own statement.
const ORGANIZATION_LIVEMODE_SQL = `(SELECT o.livemode FROM organizations o WHERE o.id = $1::uuid) AS livemode`;

const LOCK_KEY_SQL = `
  SELECT row_to_json(k)::text AS key, row_to_json(c)::text AS customer, ${ORGANIZATION_LIVEMODE_SQL}
  FROM license_keys k JOIN customers c ON c.id = k.customer_id
  WHERE k.organization_id = $1::uuid AND k.key = $2
  FOR UPDATE OF k`;

/**
 * Finds the key with its customer and holds the key's row lock until the transaction ends: usage
 * and activation-count checks, and the writes that follow them, must not interleave with another
 * request's.
 */
async function lockKey(query: DirectQuery, ref: KeyRef): Promise<{ key: LicenseKeyRow; livemode: boolean }> {
  const [row] = await query<{ key: string; customer: string; livemode: boolean }>(LOCK_KEY_SQL, [
    ref.organization_id,
    ref.key,
  ]);
  if (!row) throw ApiError.notFound("License key not found.");
  const key = {
    ...rowFromJson<LicenseKey>("license_keys", row.key),
    customer: rowFromJson<Customer>("customers", row.customer),
  };
  return { key, livemode: row.livemode };
}

/**
 * A revoked, disabled or expired key answers as if it were gone (also for offline certificates,
 * lib/licensing/certificates.ts).
 */
export function assertUsable(key: Pick<LicenseKey, "status" | "expires_at">, now: Date) {
  if (key.status !== "granted") throw ApiError.notFound("License key is no longer active.");
  if (key.expires_at && key.expires_at <= now) throw ApiError.notFound("License key has expired.");
}

export async function findCurrentActivation(db: DbOrTx, licenseKeyId: string, activationId: string) {
  const activation = await db.licenseKeyActivation.findFirst({
    where: { id: activationId, license_key_id: licenseKeyId, deleted_at: null },
  });
  if (!activation) throw ApiError.notFound("License key activation not found.");
  return activation;
}

/** An activation stored without conditions accepts any; otherwise the sent ones must equal them. */
function conditionsMatch(stored: Prisma.JsonValue, sent: Record<string, unknown> | null | undefined) {
  const required = (stored ?? {}) as Record<string, unknown>;
  if (Object.keys(required).length === 0) return true;
  return isDeepStrictEqual(required, sent ?? {});
}

function remainingUsages(key: LicenseKeyRow) {
  // Keys without a limit are still bound by what the column can hold.
  return Math.max((key.limit_usage ?? MAX_USAGE) - key.usage, 0);
}

// $1 organization, $2 key, $3 now (ISO), $4 usage increment, $5 benefit or NULL, $6 customer or
// NULL, $7 the usage ceiling of keys without a limit. Returns the key and its customer as JSON.
const VALIDATE_SQL = `
  WITH validated AS (
    UPDATE license_keys SET validations = validations + 1, last_validated_at = $3::timestamp,
      usage = usage + $4::int, modified_at = $3::timestamp
    WHERE organization_id = $1::uuid AND key = $2
      AND status = 'granted' AND (expires_at IS NULL OR expires_at > $3::timestamp)
      AND ($5::uuid IS NULL OR benefit_id = $5::uuid)
      AND ($6::uuid IS NULL OR customer_id = $6::uuid)
      AND $4::int <= GREATEST(COALESCE(limit_usage, $7::int) - usage, 0)
    RETURNING *
  )
  SELECT row_to_json(k)::text AS key, row_to_json(c)::text AS customer, ${ORGANIZATION_LIVEMODE_SQL}
  FROM validated k JOIN customers c ON c.id = k.customer_id`;

/**
 * The common validation (no activation to check) in one conditional statement, straight to the
 * driver (lib/db/direct.ts): it counts the validation only when every check passes, so it needs no
 * transaction and no lock, and returns the key with its customer. When it matches nothing, the
 * full path below runs and gives the exact reason (or succeeds, if the key changed in between).
 * Under an Idempotency-Key it runs in a transaction that also stores the answer (`atomicWrite`), so
 * a retry after a crash does not count the validation twice.
 */
async function validateInOneStatement(db: Db, body: ValidateLicenseKeyBody, now: Date) {
  return atomicWrite(db, async (query) => {
    const [row] = await query<{ key: string; customer: string; livemode: boolean }>(VALIDATE_SQL, [
      body.organization_id,
      body.key,
      now.toISOString(),
      body.increment_usage ?? 0,
      body.benefit_id ?? null,
      body.customer_id ?? null,
      MAX_USAGE,
    ]);
    if (!row) return null;
    const key = {
      ...rowFromJson<LicenseKey>("license_keys", row.key),
      customer: rowFromJson<Customer>("customers", row.customer),
    };
    return { ...toLicenseKey(key), activation: null, livemode: row.livemode };
  });
}

export async function validateLicenseKey(db: Db, body: ValidateLicenseKeyBody, now = new Date()) {
  if (!body.activation_id) {
    const validated = await validateInOneStatement(db, body, now);
    if (validated) return validated;
  }
  return db.$transaction(async (tx) => {
    const { key, livemode } = await lockKey(directQuery(tx), body);
    assertUsable(key, now);

    const activation = body.activation_id
      ? await findCurrentActivation(tx, key.id, body.activation_id)
      : null;
    if (activation && !conditionsMatch(activation.conditions, body.conditions)) {
      throw ApiError.notFound("License key does not match the activation's conditions.");
    }
    if (body.benefit_id && body.benefit_id !== key.benefit_id) {
      throw ApiError.notFound("License key does not match the given benefit.");
    }
    if (body.customer_id && body.customer_id !== key.customer_id) {
      throw ApiError.notFound("License key does not match the given customer.");
    }

    const increment = body.increment_usage ?? 0;
    const remaining = remainingUsages(key);
    if (increment > remaining) {
      throw new ApiError("BadRequest", `License key only has ${remaining} more usages.`);
    }

    const validated = await tx.licenseKey.update({
      where: { id: key.id },
      data: {
        validations: { increment: 1 },
        last_validated_at: now,
        usage: { increment },
        modified_at: now,
      },
      include: { customer: true },
    });
    return {
      ...toLicenseKey(validated),
      activation: activation && toActivation(activation),
      livemode,
    };
  });
}

/**
 * One round trip: `activate_license_key` (migration 20261130010000_activate_license_key_function)
 * locks the key, then returns the device's current activation or inserts one if a slot is free.
 * It is a function rather than a statement because its count must see the activations committed
 * by whoever held the key's lock before it (each of its statements takes a new snapshot), so
 * parallel activations cannot all take the last free slot, nor one device take two.
 *
 * The function inserts only for a key that can be activated: granted, not expired, with an
 * activation limit. Those are the checks below, written again in its SQL (keep the two the same);
 * here they say why not. A current activation with the same label and the same conditions (jsonb
 * equality: deep, any key order) is the same device coming back: it is returned as it is (its
 * meta included: the first activation's stays, so the slot's record does not change under the
 * software's feet). Under an Idempotency-Key it runs in a transaction that also stores the answer
 * (`atomicWrite`).
 */
const ACTIVATE_SQL = `
  SELECT key_json, customer_json, activation_json, ${ORGANIZATION_LIVEMODE_SQL}
  FROM activate_license_key($1::uuid, $2, $3::uuid, $4::timestamp, $5, $6::jsonb, $7::jsonb)`;

export async function activateLicenseKey(db: Db, body: ActivateLicenseKeyBody, now = new Date()) {
  return atomicWrite(db, async (query) => {
    const [row] = await query<{
      key_json: string;
      customer_json: string;
      activation_json: string | null;
      livemode: boolean;
    }>(ACTIVATE_SQL, [
      body.organization_id,
      body.key,
      randomUUID(),
      now.toISOString(),
      body.label,
      JSON.stringify(body.meta ?? {}),
      JSON.stringify(body.conditions ?? {}),
    ]);
    if (!row) throw ApiError.notFound("License key not found.");
    const key: LicenseKeyRow = {
      ...rowFromJson<LicenseKey>("license_keys", row.key_json),
      customer: rowFromJson<Customer>("customers", row.customer_json),
    };
    assertUsable(key, now);
    if (key.limit_activations == null) {
      throw new ApiError("NotPermitted", "License key does not require activation");
    }
    if (!row.activation_json) {
      throw new ApiError("NotPermitted", "License key activation limit already reached");
    }
    const activation = rowFromJson<LicenseKeyActivation>("license_key_activations", row.activation_json);
    return { ...toActivation(activation), license_key: toLicenseKey(key), livemode: row.livemode };
  });
}

const DEACTIVATE_SQL = `
  UPDATE license_key_activations a SET deleted_at = $4::timestamp, modified_at = $4::timestamp
  FROM license_keys k
  WHERE a.id = $1::uuid AND a.deleted_at IS NULL
    AND k.id = a.license_key_id AND k.organization_id = $2::uuid AND k.key = $3
  RETURNING a.id::text AS id`;

/**
 * Frees the activation's slot. Allowed whatever the key's status, so software can always release a
 * machine. One conditional update, so two concurrent deactivations cannot both succeed; under an
 * Idempotency-Key it runs in a transaction that also stores the answer (`atomicWrite`), so a retry
 * after a crash gets the 204 rather than a 404 for the slot it freed.
 */
export async function deactivateLicenseKey(db: DbOrTx, body: DeactivateLicenseKeyBody, now = new Date()) {
  await atomicWrite(db, async (query) => {
    const updated = await query(DEACTIVATE_SQL, [
      body.activation_id,
      body.organization_id,
      body.key,
      now.toISOString(),
    ]);
    if (updated.length === 0) throw ApiError.notFound("License key activation not found.");
  });
}
