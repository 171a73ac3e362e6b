// A customer's saved payment methods (GET /v1/customers/{id}/payment-methods, the reference API's
// CustomerPaymentMethod): the cards their subscriptions renew with, then the cards the buyer added
// in the portal that no subscription uses (lib/customer-portal/add-card.ts), as the processor
// described them when it saved them (lib/payments/saved-cards.ts keeps the descriptions). A card
// whose details the processor never told is listed by its type alone.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { Principal } from "../core/principal";
import { pageOf, paginationQuery, type PageParams } from "../core/pagination";
import { timestamps } from "../core/schemas";
import { findCustomerOrThrow } from "./service";

export const customerPaymentMethodSchema = z.object({
  /** The processor's reference of the saved method (what renewals charge). */
  id: z.string(),
  ...timestamps,
  /** `stripe`, or `test` for the built-in test processor. */
  processor: z.string(),
  customer_id: z.string(),
  type: z.literal("card"),
  /**
   * The card of the customer's newest subscription: the one they last chose. With no subscription
   * holding a card, the card they added last in the portal.
   */
  is_default: z.boolean(),
  /** The card as the buyer recognizes it; absent when the processor did not describe it. */
  method_metadata: z
    .object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() })
    .optional(),
});
export type CustomerPaymentMethod = z.output<typeof customerPaymentMethodSchema>;

export const listPaymentMethodsQuery = z.object({ ...paginationQuery });

export async function listCustomerPaymentMethods(
  db: DbOrTx,
  principal: Principal,
  customerId: string,
  query: PageParams,
) {
  const customer = await findCustomerOrThrow(db, principal, customerId);
  return paymentMethodsOf(db, customer, query);
}

/** A customer's saved methods, a page of them (the merchant's list and the buyer's portal). */
export async function paymentMethodsOf(
  db: DbOrTx,
  customer: { id: string; organization_id: string },
  query: PageParams,
) {
  const methods = await allPaymentMethodsOf(db, customer);
  const start = (query.page - 1) * query.limit;
  return pageOf(methods.slice(start, start + query.limit), methods.length, query);
}

/** One of the customer's saved methods, as the lists show it; null when it is not theirs. */
export async function paymentMethodOf(
  db: DbOrTx,
  customer: { id: string; organization_id: string },
  ref: string,
): Promise<CustomerPaymentMethod | null> {
  return (await allPaymentMethodsOf(db, customer)).find((method) => method.id === ref) ?? null;
}

/**
 * Every saved method of the customer: the cards of their subscriptions (first saved first: several
 * subscriptions may share one card), then the cards they added in the portal that no subscription
 * uses, oldest first.
 */
async function allPaymentMethodsOf(
  db: DbOrTx,
  customer: { id: string; organization_id: string },
): Promise<CustomerPaymentMethod[]> {
  const [subscriptions, added] = await Promise.all([
    db.subscription.findMany({
      where: { customer_id: customer.id, payment_method_ref: { not: null } },
      select: { payment_method_ref: true, payment_processor: true, created_at: true },
      orderBy: [{ created_at: "asc" }, { id: "asc" }],
    }),
    db.savedPaymentMethod.findMany({
      where: { organization_id: customer.organization_id, customer_id: customer.id },
      orderBy: [{ created_at: "asc" }, { ref: "asc" }],
    }),
  ]);
  const refs = new Map<string, { processor: string; created_at: Date }>();
  for (const row of subscriptions) {
    if (!refs.has(row.payment_method_ref!)) {
      refs.set(row.payment_method_ref!, {
        processor: row.payment_processor ?? "test",
        created_at: row.created_at,
      });
    }
  }
  const described = new Map(added.map((row) => [row.ref, row]));
  const unknown = [...refs.keys()].filter((ref) => !described.has(ref));
  if (unknown.length) {
    const saved = await db.savedPaymentMethod.findMany({
      where: { organization_id: customer.organization_id, ref: { in: unknown } },
    });
    for (const row of saved) described.set(row.ref, row);
  }
  for (const row of added) {
    if (!refs.has(row.ref)) refs.set(row.ref, { processor: row.processor, created_at: row.created_at });
  }
  const newest = subscriptions.at(-1)?.payment_method_ref ?? added.at(-1)?.ref ?? null;
  return [...refs].map(([ref, origin]): CustomerPaymentMethod => {
    const card = described.get(ref);
    const complete = card?.brand && card.last4 && card.exp_month && card.exp_year;
    return {
      id: ref,
      created_at: card?.created_at ?? origin.created_at,
      modified_at: card?.modified_at ?? null,
      processor: card?.processor ?? origin.processor,
      customer_id: customer.id,
      type: "card",
      is_default: ref === newest,
      ...(complete
        ? {
            method_metadata: {
              brand: card.brand!,
              last4: card.last4!,
              exp_month: card.exp_month!,
              exp_year: card.exp_year!,
            },
          }
        : {}),
    };
  });
}
