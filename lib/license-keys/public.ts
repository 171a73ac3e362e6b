// License keys as the merchant's licensed software uses them: validate, activate, deactivate
// (contract section 7). There is no token: the key, within its organization, is the credential, so
// every failure to find or to match is a 404 that says nothing about other organizations' keys.
import { rateLimits } from "../api/rate-limit";
import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx, Tx } from "../db/client";
import { ApiError } from "../api/errors";
import { toActivation, toLicenseKey, type LicenseKeyRow } from "./schemas";
import {
  MAX_USAGE,
  type ActivateLicenseKeyBody,
  type DeactivateLicenseKeyBody,
  type ValidateLicenseKeyBody,
} from "./public-schemas";

type KeyRef = { key: string; organization_id: string };

/**
 * Finds the key and holds its row lock until the transaction ends: usage and activation-count
 * checks, and the writes that follow them, must not interleave with another request's.
 */
async function lockKey(tx: Tx, ref: KeyRef): Promise<LicenseKeyRow> {
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM license_keys
    WHERE organization_id = ${ref.organization_id}::uuid AND key = ${ref.key}
    FOR UPDATE`;
  const id = locked[0]?.id;
  if (!id) throw ApiError.notFound("License key not found.");
  return tx.licenseKey.findUniqueOrThrow({ where: { id }, include: { customer: true } });
}

/** A revoked, disabled or expired key answers as if it were gone. */
function assertUsable(key: LicenseKeyRow, now: Date) {
  if (key.status !== "granted") throw ApiError.notFound("License key is no longer active.");
  if (key.expires_at && key.expires_at <= now) throw ApiError.notFound("License key has expired.");
}

async function findCurrentActivation(tx: Tx, licenseKeyId: string, activationId: string) {
  const activation = await tx.licenseKeyActivation.findFirst({
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

export async function validateLicenseKey(db: Db, body: ValidateLicenseKeyBody, now = new Date()) {
  return db.$transaction(async (tx) => {
    const key = await lockKey(tx, body);
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
    return { ...toLicenseKey(validated), activation: activation && toActivation(activation) };
  });
}

export async function activateLicenseKey(db: Db, body: ActivateLicenseKeyBody, now = new Date()) {
  return db.$transaction(async (tx) => {
    const key = await lockKey(tx, body);
    assertUsable(key, now);
    if (key.limit_activations == null) {
      throw new ApiError("NotPermitted", "License key does not require activation");
    }
    // Counted under the key's lock, so parallel activations cannot all see the last free slot.
    const current = await tx.licenseKeyActivation.count({
      where: { license_key_id: key.id, deleted_at: null },
    });
    if (current >= key.limit_activations) {
      throw new ApiError("NotPermitted", "License key activation limit already reached");
    }

    const activation = await tx.licenseKeyActivation.create({
      data: {
        id: randomUUID(),
        license_key_id: key.id,
        label: body.label,
        conditions: (body.conditions ?? {}) as Prisma.InputJsonObject,
        meta: (body.meta ?? {}) as Prisma.InputJsonObject,
        created_at: now,
      },
    });
    return { ...toActivation(activation), license_key: toLicenseKey(key) };
  });
}

/**
 * Frees the activation's slot. Allowed whatever the key's status, so software can always release a
 * machine. One conditional update, so two concurrent deactivations cannot both succeed.
 */
export async function deactivateLicenseKey(db: DbOrTx, body: DeactivateLicenseKeyBody, now = new Date()) {
  const { count } = await db.licenseKeyActivation.updateMany({
    where: {
      id: body.activation_id,
      deleted_at: null,
      license_key: { organization_id: body.organization_id, key: body.key },
    },
    data: { deleted_at: now, modified_at: now },
  });
  if (count === 0) throw ApiError.notFound("License key activation not found.");
}

/** The licensed software's routes are also limited per key, whatever IP the requests come from. */
export function licenseKeyRateLimit(body: { key: string; organization_id: string }) {
  return { key: `license_key:${body.organization_id}:${body.key}`, limit: rateLimits().licenseKey };
}
