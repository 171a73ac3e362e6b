// Writing customers: create and update (only the fields sent). Emails are stored lower-cased under
// the (organization_id, email) unique index, and external ids under (organization_id,
// external_id), so of two requests racing for one address or id the database lets exactly one
// through; the loser's unique violation is turned into the same 409 the look-up before the write
// gives in the usual case.
import { randomUUID } from "node:crypto";
import type { Db, DbOrTx } from "../db/client";
import { Prisma } from "../generated/prisma/client";
import type { Principal } from "../core/principal";
import { ApiError } from "../core/errors";
import { lockRowForEvents } from "../webhooks/listeners";
import { organizationForCreate } from "../core/tenancy";
import { findCustomerOrThrow } from "./service";
import { emitCustomerEvent } from "./events";
import { toCustomerResource, type CreateCustomerBody, type UpdateCustomerBody } from "./schemas";

// Short transactions; a burst of writes may queue for a pooled connection rather than fail.
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 10_000 };

type UniqueFields = { email?: string; external_id?: string | null };

/** The 409 for the first of `fields` another customer of the organization already holds, if any. */
async function uniqueConflict(
  db: DbOrTx,
  organizationId: string,
  fields: UniqueFields,
  exceptId?: string,
): Promise<ApiError | null> {
  const others = { organization_id: organizationId, ...(exceptId ? { id: { not: exceptId } } : {}) };
  if (fields.email && (await db.customer.findFirst({ where: { ...others, email: fields.email } })))
    return new ApiError("ResourceAlreadyExists", "A customer with this email address already exists.");
  if (
    fields.external_id &&
    (await db.customer.findFirst({ where: { ...others, external_id: fields.external_id } }))
  )
    return new ApiError("ResourceAlreadyExists", "A customer with this external ID already exists.");
  return null;
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === "P2002";

/**
 * Runs `write`; when a concurrent request took the email or external id between the look-up and
 * the write, answers the field's 409 rather than a generic one (the row that won is committed by
 * then, so the look-up now finds it).
 */
async function withUniqueMessages<T>(
  db: Db,
  target: () => { organizationId: string; fields: UniqueFields; exceptId?: string } | null,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const known = isUniqueViolation(error) ? target() : null;
    if (!known) throw error;
    throw (await uniqueConflict(db, known.organizationId, known.fields, known.exceptId)) ?? error;
  }
}

/**
 * The stored form of a tax id: value and type in two columns (type unknown for a bare value). Set
 * here it is not verified: only a checkout asks VIES (docs/tax.md "Tax IDs and VIES").
 */
function taxIdColumns(taxId: CreateCustomerBody["tax_id"]) {
  return { tax_id: taxId?.[0] ?? null, tax_id_type: taxId?.[1] ?? null, tax_id_verified_at: null };
}

const jsonOrNull = (value: object | null | undefined) => value ?? Prisma.DbNull;

export async function createCustomer(
  db: Db,
  principal: Principal,
  body: CreateCustomerBody,
  now = new Date(),
) {
  const organizationId = organizationForCreate(principal, body.organization_id);
  const fields = { email: body.email, external_id: body.external_id };
  const conflict = await uniqueConflict(db, organizationId, fields);
  if (conflict) throw conflict;
  return withUniqueMessages(
    db,
    () => ({ organizationId, fields }),
    () =>
      // A transaction for its event, which also stores an Idempotency-Key's answer with the row.
      db.$transaction(async (tx) => {
        const created = await tx.customer.create({
          data: {
            id: randomUUID(),
            created_at: now,
            organization_id: organizationId,
            email: body.email,
            name: body.name ?? null,
            billing_address: jsonOrNull(body.billing_address),
            ...taxIdColumns(body.tax_id),
            metadata: body.metadata,
            external_id: body.external_id ?? null,
            locale: body.locale ?? null,
          },
        });
        await emitCustomerEvent(tx, "customer.created", created, now, created);
        return toCustomerResource(created);
      }, TRANSACTION_OPTIONS),
  );
}

export async function updateCustomer(
  db: Db,
  principal: Principal,
  id: string,
  body: UpdateCustomerBody,
  now = new Date(),
) {
  let target: { organizationId: string; fields: UniqueFields; exceptId: string } | null = null;
  const row = await withUniqueMessages(
    db,
    () => target,
    () =>
      db.$transaction(async (tx) => {
        // Serializes with a DELETE of the customer: an anonymized customer is never written again.
        // Also reads who listens to the organization's events (no statement of its own).
        await lockRowForEvents(tx, "customers", id);
        const current = await findCustomerOrThrow(tx, principal, id);
        if (
          body.external_id !== undefined &&
          current.external_id !== null &&
          body.external_id !== current.external_id
        ) {
          throw ApiError.invalid(
            ["body", "external_id"],
            "Customer external ID cannot be updated once set.",
            body.external_id,
          );
        }
        const fields: UniqueFields = {
          email: body.email !== current.email ? body.email : undefined,
          external_id: body.external_id !== current.external_id ? body.external_id : undefined,
        };
        target = { organizationId: current.organization_id, fields, exceptId: id };
        const conflict = await uniqueConflict(tx, current.organization_id, fields, id);
        if (conflict) throw conflict;

        const data: Prisma.CustomerUncheckedUpdateInput = { modified_at: now };
        if (fields.email) {
          data.email = fields.email;
          // The new address has not been verified.
          data.email_verified = false;
        }
        if (body.name !== undefined) data.name = body.name;
        if (body.billing_address !== undefined) data.billing_address = jsonOrNull(body.billing_address);
        if (body.tax_id !== undefined) Object.assign(data, taxIdColumns(body.tax_id));
        if (body.metadata !== undefined) data.metadata = body.metadata;
        if (body.locale !== undefined) data.locale = body.locale;
        if (body.external_id !== undefined) data.external_id = body.external_id;
        const updated = await tx.customer.update({ where: { id }, data });
        await emitCustomerEvent(tx, "customer.updated", updated, now, updated);
        return updated;
      }, TRANSACTION_OPTIONS),
  );
  return toCustomerResource(row);
}
