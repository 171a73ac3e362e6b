// A buyer's live subscription: the check a recurring checkout's confirm makes when the organization
// allows one subscription per customer. It must cost the same whatever the organization's size:
// the buyer's customer row is found by its unique (organization_id, email) and their subscriptions
// by customer_id. Looking the customer up by email alone (no organization) cannot use that index,
// so PostgreSQL read every live subscription of the organization and joined each to its customer:
// 2.9 ms per confirm after 1,000 purchases, growing with every purchase.
import { Prisma } from "../generated/prisma/client";
import type { DbOrTx } from "../db/client";
import { directSql } from "../db/direct";

/** The statuses in which a subscription still bills or serves its customer. */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"] as const;

/** Who is buying: a session already tied to a customer, or only the buyer's email. */
export type Buyer = { customerId: string } | { email: string };

/** The statement (its one column, `id`, or no row): also what the tests EXPLAIN. */
export function liveSubscriptionStatement(organizationId: string, buyer: Buyer): Prisma.Sql {
  const customer =
    "customerId" in buyer
      ? Prisma.sql`${buyer.customerId}::uuid`
      : // Emails are stored lowercased (the customer upsert): compare the same way.
        Prisma.sql`(SELECT c.id FROM customers c
                     WHERE c.organization_id = ${organizationId}::uuid AND c.email = ${buyer.email.toLowerCase()})`;
  return Prisma.sql`
    SELECT s.id::text AS id
      FROM subscriptions s
     WHERE s.customer_id = ${customer}
       AND s.organization_id = ${organizationId}::uuid
       AND s.status::text IN (${Prisma.join([...LIVE_SUBSCRIPTION_STATUSES])})
     LIMIT 1`;
}

/** The id of one live subscription of the buyer in the organization, or null. */
export async function findLiveSubscription(
  db: DbOrTx,
  organizationId: string,
  buyer: Buyer,
): Promise<string | null> {
  const rows = await directSql<{ id: string }>(db, liveSubscriptionStatement(organizationId, buyer));
  return rows[0]?.id ?? null;
}
