// The customer routes by the merchant's own id (`/v1/customers/external/{external_id}`, as the
// reference API has them): the same reads and writes as by our id, found by `external_id` within
// the caller's organizations. An anonymized customer is not found, as by id.
import { z } from "zod";
import type { Db, DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { foundOrThrow, tenantWhere } from "../core/tenancy";
import { updateCustomer } from "./manage";
import { updateCustomerBody, type UpdateCustomerBody } from "./schemas";
import { getCustomerState } from "./state";
import { getCustomer } from "./service";
import { listCustomerPaymentMethods } from "./payment-methods";
import type { PageParams } from "../core/pagination";

export const externalCustomerParams = z.object({ external_id: z.string().min(1).max(255) });

/** By external id the id is fixed: the body is the customer update without `external_id`. */
export const updateExternalCustomerBody = updateCustomerBody.omit({ external_id: true });

/**
 * The customer's id. A merchant in several organizations may use the same external id in two of
 * them: the oldest is taken (a token, which has one organization, never meets that).
 */
export async function customerIdByExternalId(db: DbOrTx, principal: Principal, externalId: string) {
  const row = await db.customer.findFirst({
    where: { external_id: externalId, deleted_at: null, ...tenantWhere(principal) },
    select: { id: true },
    orderBy: [{ created_at: "asc" }, { id: "asc" }],
  });
  return foundOrThrow(row).id;
}

export async function getExternalCustomer(db: DbOrTx, principal: Principal, externalId: string) {
  return getCustomer(db, principal, await customerIdByExternalId(db, principal, externalId));
}

export async function getExternalCustomerState(db: DbOrTx, principal: Principal, externalId: string) {
  return getCustomerState(db, principal, await customerIdByExternalId(db, principal, externalId));
}

export async function updateExternalCustomer(
  db: Db,
  principal: Principal,
  externalId: string,
  body: Omit<UpdateCustomerBody, "external_id">,
) {
  return updateCustomer(db, principal, await customerIdByExternalId(db, principal, externalId), body);
}

export async function listExternalCustomerPaymentMethods(
  db: DbOrTx,
  principal: Principal,
  externalId: string,
  query: PageParams,
) {
  return listCustomerPaymentMethods(
    db,
    principal,
    await customerIdByExternalId(db, principal, externalId),
    query,
  );
}
