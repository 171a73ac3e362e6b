// License keys as the merchant sees them: list, read with activations, update, rotate, read an
// activation.
import type { Prisma } from "../generated/prisma/client";
import type { DbOrTx, Db, Tx } from "../db/client";
import { directQuery } from "../db/direct";
import { systemPrincipal, type Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { oneOf } from "../core/pagination";
import { listPage, mapPage, nullsLast, type SortColumns } from "../core/list";
import { lockRowForEvents } from "../webhooks/listeners";
import { likeLiteral } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { generateLicenseKey, issuedPrefix } from "../core/license-key-format";
import {
  LICENSE_KEY_SORT_FIELDS,
  toActivation,
  toLicenseKey,
  type ListLicenseKeysQuery,
  type UpdateLicenseKeyBody,
} from "./schemas";
import { emitLicenseKeyEvent } from "./events";
import { getLicenseKey } from "./read";

export { getLicenseKey };

const include = { customer: true } as const;
const currentActivations = {
  where: { deleted_at: null },
  orderBy: [{ created_at: "asc" }, { id: "asc" }],
} satisfies Prisma.LicenseKey$activationsArgs;

// Keys never validated or without expiry sort last both ways.
const LICENSE_KEY_SORT_COLUMNS: SortColumns<
  (typeof LICENSE_KEY_SORT_FIELDS)[number],
  Prisma.LicenseKeyOrderByWithRelationInput
> = {
  expires_at: nullsLast("expires_at"),
  last_validated_at: nullsLast("last_validated_at"),
};

const listInclude = {
  ...include,
  benefit_grant: { select: { order_id: true, subscription_id: true } },
} as const;

export async function listLicenseKeys(db: DbOrTx, principal: Principal, query: ListLicenseKeysQuery) {
  const page = await listPage(db.licenseKey, principal, query, {
    where: {
      benefit_id: oneOf(query.benefit_id),
      customer_id: oneOf(query.customer_id),
      status: oneOf(query.status),
      // The whole key also ends with itself. LIKE's wildcards in the text are taken literally.
      key: query.query ? { endsWith: likeLiteral(query.query), mode: "insensitive" } : undefined,
    },
    include: listInclude,
    columns: LICENSE_KEY_SORT_COLUMNS,
  });
  return mapPage(page, ({ benefit_grant, ...key }) => ({
    ...toLicenseKey(key),
    order_id: benefit_grant?.order_id ?? null,
    subscription_id: benefit_grant?.subscription_id ?? null,
  }));
}

async function findKeyOrThrow(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.licenseKey.findFirst({
    where: { id, ...tenantWhere(principal) },
    include: { ...include, activations: currentActivations },
  });
  return foundOrThrow(row);
}

/**
 * Changes only the fields sent; limits may not drop below what is already in use. Emits
 * license_key.updated (./events.ts).
 */
export async function updateLicenseKey(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateLicenseKeyBody,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    // Also reads who listens to the organization's events (no statement of its own).
    await lockRowForEvents(tx, "license_keys", id);
    const key = await findKeyOrThrow(tx, principal, id);
    const problems: Problem[] = [];
    if (body.limit_activations != null && body.limit_activations < key.activations.length) {
      problems.push({
        type: "value_error",
        loc: ["body", "limit_activations"],
        msg: `The key has ${key.activations.length} activations; deactivate some before lowering the limit.`,
        input: body.limit_activations,
      });
    }
    const usage = body.usage ?? key.usage;
    const limitUsage = body.limit_usage !== undefined ? body.limit_usage : key.limit_usage;
    if (limitUsage != null && usage > limitUsage) {
      const field = body.usage !== undefined ? "usage" : "limit_usage";
      problems.push({
        type: "value_error",
        loc: ["body", field],
        msg: `Usage (${usage}) cannot exceed the usage limit (${limitUsage}).`,
        input: body[field],
      });
    }
    if (problems.length) throw ApiError.validation(problems);
    const data: Prisma.LicenseKeyUpdateInput = { modified_at: now };
    if (body.status !== undefined) data.status = body.status;
    if (body.usage !== undefined) data.usage = body.usage;
    if (body.limit_activations !== undefined) data.limit_activations = body.limit_activations;
    if (body.limit_usage !== undefined) data.limit_usage = body.limit_usage;
    if (body.expires_at !== undefined) data.expires_at = body.expires_at;
    await tx.licenseKey.update({ where: { id }, data });
    const view = await getLicenseKey(tx, principal, id);
    await emitLicenseKeyEvent(tx, "license_key.updated", key, now, view);
    return view;
  });
}

// $1 id, $2 the caller's organizations: the key's value and its benefit's current prefix, under the
// key's row lock.
const LOCK_FOR_ROTATION_SQL = `
  SELECT k.organization_id::text AS organization_id, k.status::text AS status, k.key,
         b.properties ->> 'prefix' AS benefit_prefix
  FROM license_keys k JOIN benefits b ON b.id = k.benefit_id
  WHERE k.id = $1::uuid AND (k.organization_id = ANY($2::uuid[]) OR k.customer_id = $3::uuid)
  FOR UPDATE OF k`;

/**
 * A new value for the same key (a leaked key, a buyer's request): generated like a key being
 * issued, with the prefix the key was issued with (the benefit's current one for a key written by
 * hand). Everything else stays: grant, status (the merchant may rotate a revoked or disabled key,
 * and it stays so), limits, usage, validations, activations, expiry. The old value stops working as
 * this commits: validate and activate look keys up by value.
 */
export async function rotateLicenseKey(db: Db, principal: Principal, id: string, now = new Date()) {
  return db.$transaction((tx) =>
    rotateLockedKey(tx, id, { organizationIds: principal.organizationIds }, now),
  );
}

/**
 * The buyer rotates one of their own keys (POST /v1/customer-portal/license-keys/{id}/rotate):
 * another customer's key is 404, a revoked one 403 (its grant ended; only the merchant may).
 */
export async function rotateCustomerLicenseKey(db: Db, customerId: string, id: string, now = new Date()) {
  await db.$transaction((tx) => rotateLockedKey(tx, id, { customerId }, now));
}

async function rotateLockedKey(
  tx: Tx,
  id: string,
  owner: { organizationIds: string[] } | { customerId: string },
  now: Date,
) {
  const byCustomer = "customerId" in owner;
  const [current] = await directQuery(tx)<{
    organization_id: string;
    status: string;
    key: string;
    benefit_prefix: string | null;
  }>(LOCK_FOR_ROTATION_SQL, [
    id,
    byCustomer ? [] : owner.organizationIds,
    byCustomer ? owner.customerId : null,
  ]);
  if (!current) throw ApiError.notFound();
  if (byCustomer && current.status === "revoked") {
    throw new ApiError("NotPermitted", "A revoked license key cannot be rotated.");
  }
  const prefix = issuedPrefix(current.key);
  const key = generateLicenseKey(prefix === undefined ? current.benefit_prefix : prefix);
  await tx.licenseKey.update({ where: { id }, data: { key, modified_at: now } });
  const view = await getLicenseKey(tx, systemPrincipal(current.organization_id), id);
  await emitLicenseKeyEvent(tx, "license_key.updated", view, now, view);
  return view;
}

/**
 * The merchant frees one of a key's activations (a buyer's lost machine): the same conditional
 * update as the public deactivate, scoped to the merchant's organizations instead of the key.
 */
export async function deactivateActivation(
  db: DbOrTx,
  principal: Principal,
  licenseKeyId: string,
  activationId: string,
  now = new Date(),
) {
  const { count } = await db.licenseKeyActivation.updateMany({
    where: {
      id: activationId,
      license_key_id: licenseKeyId,
      deleted_at: null,
      license_key: tenantWhere(principal),
    },
    data: { deleted_at: now, modified_at: now },
  });
  if (count === 0) throw ApiError.notFound("License key activation not found.");
}

export async function getActivation(
  db: DbOrTx,
  principal: Principal,
  licenseKeyId: string,
  activationId: string,
) {
  const row = await db.licenseKeyActivation.findFirst({
    where: {
      id: activationId,
      license_key_id: licenseKeyId,
      deleted_at: null,
      license_key: tenantWhere(principal),
    },
    include: { license_key: { include } },
  });
  const activation = foundOrThrow(row);
  return { ...toActivation(activation), license_key: toLicenseKey(activation.license_key) };
}
