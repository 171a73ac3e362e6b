// Custom fields as the merchant manages them: list, create, read, update, delete. A field's
// `properties` are checked against its type here (on update the stored type, which never changes),
// so the checkout only ever meets properties it can check answers against.
import type { Prisma } from "../generated/prisma/client";
import type { Db, DbOrTx } from "../db/client";
import { randomUUID } from "node:crypto";
import type { Principal } from "../core/principal";
import { ApiError, type Problem } from "../core/errors";
import { listPage, mapPage } from "../core/list";
import { oneOf } from "../core/pagination";
import { lockRow } from "../core/row-lock";
import { anyContains } from "../core/search";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { parseWith } from "../core/validation";
import {
  PROPERTIES_SCHEMAS,
  toCustomField,
  type CreateCustomFieldBody,
  type CustomFieldType,
  type ListCustomFieldsQuery,
  type UpdateCustomFieldBody,
} from "./schemas";

export async function listCustomFields(db: DbOrTx, principal: Principal, query: ListCustomFieldsQuery) {
  const page = await listPage(db.customField, principal, query, {
    where: { AND: [{ type: oneOf(query.type) }, anyContains(["name", "slug"], query.query) ?? {}] },
  });
  return mapPage(page, toCustomField);
}

export async function getCustomField(db: DbOrTx, principal: Principal, id: string) {
  const row = await db.customField.findFirst({ where: { id, ...tenantWhere(principal) } });
  return toCustomField(foundOrThrow(row));
}

/** `properties` as the type accepts them (unknown keys and nulls dropped), or the 422 problems. */
function checkProperties(
  type: CustomFieldType,
  value: unknown,
): { ok: true; data: Record<string, unknown> } | { ok: false; problems: Problem[] } {
  const result = parseWith(PROPERTIES_SCHEMAS[type], value, "body");
  if (!result.ok) {
    const problems = result.problems.map((p) => ({ ...p, loc: ["body", "properties", ...p.loc.slice(1)] }));
    return { ok: false, problems };
  }
  const data = Object.fromEntries(
    Object.entries(result.data).filter(([, v]) => v !== null && v !== undefined),
  );
  return { ok: true, data };
}

/** The organization a new field belongs to: the one named, or the caller's only one. */
function targetOrganization(
  principal: Principal,
  organizationId: string | null | undefined,
): string | Problem {
  const loc = ["body", "organization_id"];
  if (organizationId) {
    return principal.organizationIds.includes(organizationId)
      ? organizationId
      : { type: "value_error", loc, msg: "Organization not found.", input: organizationId };
  }
  if (principal.organizationIds.length === 1) return principal.organizationIds[0]!;
  return { type: "missing", loc, msg: "Field required", input: null };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  };
  return (
    e?.code === "P2002" || e?.code === "23505" || e?.meta?.driverAdapterError?.cause?.originalCode === "23505"
  );
}

function duplicateSlug(slug: string) {
  return new ApiError("ResourceAlreadyExists", `A custom field with the slug '${slug}' already exists.`);
}

/**
 * The slug is unique per organization by the database's own constraint, so of two concurrent
 * creations with one slug exactly one succeeds; the other is 409.
 */
export async function createCustomField(db: Db, principal: Principal, body: CreateCustomFieldBody) {
  const problems: Problem[] = [];
  const organizationId = targetOrganization(principal, body.organization_id);
  if (typeof organizationId !== "string") problems.push(organizationId);
  const properties = checkProperties(body.type, body.properties);
  if (!properties.ok) problems.push(...properties.problems);
  if (problems.length || typeof organizationId !== "string" || !properties.ok) {
    throw ApiError.validation(problems);
  }
  try {
    // A transaction of its own, so an Idempotency-Key's answer is stored with the field.
    return await db.$transaction(async (tx) => {
      const row = await tx.customField.create({
        data: {
          id: randomUUID(),
          organization_id: organizationId,
          type: body.type,
          slug: body.slug,
          name: body.name,
          properties: properties.data as Prisma.InputJsonObject,
          metadata: body.metadata,
        },
      });
      return toCustomField(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateSlug(body.slug);
    throw error;
  }
}

/** Changes only the fields sent; `properties` and `metadata` replace the whole object. */
export async function updateCustomField(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateCustomFieldBody,
) {
  try {
    return await db.$transaction(async (tx) => {
      await lockRow(tx, "custom_fields", id);
      const field = foundOrThrow(
        await tx.customField.findFirst({ where: { id, ...tenantWhere(principal) } }),
      );
      const problems: Problem[] = [];
      if (body.type !== undefined && body.type !== field.type) {
        problems.push({
          type: "value_error",
          loc: ["body", "type"],
          msg: `The type of a custom field cannot change (it is '${field.type}').`,
          input: body.type,
        });
      }
      const properties = body.properties === undefined ? null : checkProperties(field.type, body.properties);
      if (properties && !properties.ok) problems.push(...properties.problems);
      if (problems.length) throw ApiError.validation(problems);
      const data: Prisma.CustomFieldUpdateInput = { modified_at: new Date() };
      if (body.slug !== undefined) data.slug = body.slug;
      if (body.name !== undefined) data.name = body.name;
      if (properties?.ok) data.properties = properties.data as Prisma.InputJsonObject;
      if (body.metadata !== undefined) data.metadata = body.metadata;
      return toCustomField(await tx.customField.update({ where: { id }, data }));
    });
  } catch (error) {
    if (isUniqueViolation(error) && body.slug !== undefined) throw duplicateSlug(body.slug);
    throw error;
  }
}

/**
 * A field attached to a product is kept (409): its answers on past checkouts and orders are read by
 * its slug. The row lock makes an attachment committed meanwhile visible here, and one attempted
 * after the delete fail on its foreign key, so a field is never deleted from under a product.
 */
export async function deleteCustomField(db: Db, principal: Principal, id: string) {
  await db.$transaction(async (tx) => {
    await lockRow(tx, "custom_fields", id);
    const field = foundOrThrow(await tx.customField.findFirst({ where: { id, ...tenantWhere(principal) } }));
    const products = await tx.attachedCustomField.count({ where: { custom_field_id: id } });
    if (products > 0) {
      throw new ApiError(
        "ConflictError",
        `Custom field '${field.slug}' is attached to ${products} product${products === 1 ? "" : "s"}; detach it before deleting it.`,
      );
    }
    await tx.customField.delete({ where: { id } });
  });
  return null;
}
