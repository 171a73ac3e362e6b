// Writing benefits: create, update (only the fields sent) and delete, each in one transaction.
//
// A benefit's `properties` are checked against its type here (on update the stored type, which
// never changes: grants were issued by it). An edit applies to keys issued afterwards (the grant
// reads the properties when it inserts the key, ./key-terms.ts) and, only when asked with
// `apply_to_existing_keys`, to the keys already issued, in the same transaction. Edits, deletions
// and grants serialize on the benefit's row: an edit and a delete hold its row lock, and a grant's
// insert (a foreign key to the benefit) waits for it.
//
// Deleting removes the row, which only a benefit nothing refers to may be: one attached to a
// product, or granted (even if revoked since: the buyer's grant and key are kept), is 409.
//
// An edit applied to existing keys emits license_key.updated for each key it changed (the benefit
// itself has no event), through the emitter its caller passes (lib/license-keys/events.ts): a
// parameter, so that lib/benefits/ does not import lib/license-keys/, which reads this folder's
// schemas (docs/architecture.md, "Layers and registration").
import { randomUUID } from "node:crypto";
import type { Db, Tx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { lockRowForEvents } from "../webhooks/listeners";
import { foundOrThrow, organizationForCreate, tenantWhere } from "../core/tenancy";
import { parseWith } from "../core/validation";
import { applyKeyTermsToExistingKeys } from "./key-terms";
import {
  normalizedProperties,
  PROPERTIES_SCHEMAS,
  toBenefit,
  type BenefitType,
  type CreateBenefitBody,
  type UpdateBenefitBody,
} from "./schemas";

// Short transactions; a burst of writes may queue for a pooled connection rather than fail.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

/** `properties` as the type stores them (every key, null when unset), or the 422 problems. */
function checkProperties(
  type: BenefitType,
  value: unknown,
): { ok: true; data: Prisma.InputJsonObject } | { ok: false; problems: Problem[] } {
  const result = parseWith(PROPERTIES_SCHEMAS[type], value, "body");
  if (!result.ok) {
    const problems = result.problems.map((p) => ({ ...p, loc: ["body", "properties", ...p.loc.slice(1)] }));
    return { ok: false, problems };
  }
  return { ok: true, data: normalizedProperties(type, result.data) as Prisma.InputJsonObject };
}

/**
 * A downloadables benefit's files: each once, a downloadable of the organization, uploaded
 * (lib/files/part-upload.ts).
 */
async function fileProblems(tx: Tx, organizationId: string, type: BenefitType, data: Prisma.InputJsonObject) {
  if (type !== "downloadables") return [];
  const files = (data.files ?? []) as string[];
  const found = await tx.media.findMany({
    where: { id: { in: files }, organization_id: organizationId, service: "downloadable", is_uploaded: true },
    select: { id: true },
  });
  const known = new Set(found.map((row) => row.id));
  return files.flatMap((file, index): Problem[] => {
    const msg =
      files.indexOf(file) !== index
        ? "This file is listed twice."
        : known.has(file)
          ? null
          : "File does not exist, is not a downloadable, or is not uploaded yet.";
    return msg
      ? [{ type: "value_error", loc: ["body", "properties", "files", index], msg, input: file }]
      : [];
  });
}

export async function createBenefit(db: Db, principal: Principal, body: CreateBenefitBody, now = new Date()) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  const properties = checkProperties(body.type, body.properties);
  if (!properties.ok) throw ApiError.validation(properties.problems);
  // A transaction of its own, so an Idempotency-Key's answer is stored with the benefit.
  return db.$transaction(async (tx) => {
    const problems = await fileProblems(tx, organizationId, body.type, properties.data);
    if (problems.length) throw ApiError.validation(problems);
    const row = await tx.benefit.create({
      data: {
        id: randomUUID(),
        created_at: now,
        organization_id: organizationId,
        type: body.type,
        description: body.description,
        properties: properties.data,
        metadata: body.metadata,
      },
    });
    return toBenefit(row);
  }, TRANSACTION_OPTIONS);
}

async function lockedBenefit(tx: Tx, principal: Principal, id: string) {
  // Also reads who listens to the organization's events (no statement of its own).
  await lockRowForEvents(tx, "benefits", id);
  return foundOrThrow(await tx.benefit.findFirst({ where: { id, ...tenantWhere(principal) } }));
}

/** Writes the event of a key an edit changed, in the edit's transaction (`emitLicenseKeyEvent`). */
export type EmitKeyEvent = (
  tx: Tx,
  type: "license_key.updated",
  key: { id: string; organization_id: string },
  now: Date,
) => Promise<unknown>;

/** Changes only the fields sent; `properties` and `metadata` replace the whole object. */
export async function updateBenefit(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateBenefitBody,
  emitKeyEvent: EmitKeyEvent,
  now = new Date(),
) {
  return db.$transaction(async (tx) => {
    const benefit = await lockedBenefit(tx, principal, id);
    const problems: Problem[] = [];
    if (body.type !== undefined && body.type !== benefit.type) {
      problems.push({
        type: "value_error",
        loc: ["body", "type"],
        msg: `The type of a benefit cannot change (it is '${benefit.type}').`,
        input: body.type,
      });
    }
    const properties = body.properties === undefined ? null : checkProperties(benefit.type, body.properties);
    if (properties && !properties.ok) problems.push(...properties.problems);
    if (properties?.ok)
      problems.push(...(await fileProblems(tx, benefit.organization_id, benefit.type, properties.data)));
    if (body.apply_to_existing_keys && benefit.type !== "license_keys") {
      problems.push({
        type: "value_error",
        loc: ["body", "apply_to_existing_keys"],
        msg: "Only license_keys benefits issue keys.",
        input: true,
      });
    }
    if (problems.length) throw ApiError.validation(problems);
    const data: Prisma.BenefitUpdateInput = { modified_at: now };
    if (body.description !== undefined) data.description = body.description;
    if (properties?.ok) data.properties = properties.data;
    if (body.metadata !== undefined) data.metadata = body.metadata;
    const row = await tx.benefit.update({ where: { id }, data });
    if (body.apply_to_existing_keys) {
      const changed = await applyKeyTermsToExistingKeys(tx, id, now);
      for (const keyId of changed) {
        const key = { id: keyId, organization_id: benefit.organization_id };
        await emitKeyEvent(tx, "license_key.updated", key, now);
      }
    }
    return toBenefit(row);
  }, TRANSACTION_OPTIONS);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/**
 * Removes a benefit nothing refers to. Under the row lock, a product link or a grant committed
 * meanwhile is counted here, and one attempted after the delete fails on its foreign key, so a
 * benefit is never deleted from under a product or a buyer.
 */
export async function deleteBenefit(db: Db, principal: Principal, id: string) {
  await db.$transaction(async (tx) => {
    const benefit = await lockedBenefit(tx, principal, id);
    if (!benefit.deletable) throw new ApiError("NotPermitted", "This benefit cannot be deleted.");
    const [products, grants, keys] = await Promise.all([
      tx.productBenefit.count({ where: { benefit_id: id } }),
      tx.benefitGrant.count({ where: { benefit_id: id } }),
      tx.licenseKey.count({ where: { benefit_id: id } }),
    ]);
    if (grants > 0 || keys > 0) {
      throw new ApiError(
        "ConflictError",
        `Benefit '${benefit.description}' has been granted (${plural(grants, "grant")}, ${plural(keys, "license key")}) and cannot be deleted.`,
      );
    }
    if (products > 0) {
      throw new ApiError(
        "ConflictError",
        `Benefit '${benefit.description}' is attached to ${plural(products, "product")}; detach it before deleting it.`,
      );
    }
    await tx.benefit.delete({ where: { id } });
  }, TRANSACTION_OPTIONS);
  return null;
}
