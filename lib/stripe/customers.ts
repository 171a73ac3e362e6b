// The Stripe Customer of each buyer of an organization (by email), which keeps the cards their
// subscriptions renew with. Made at Stripe with an idempotency key derived from the organization and
// the email, so two purchases racing make one; our mapping row is then written in its own short
// statement (no transaction is open: this runs beside a network call).
import type Stripe from "stripe";
import type { DbOrTx } from "../db/client";
import { sha256Hex } from "../crypto";
import type { PaymentCustomer } from "../payments/processor";

export async function ensureStripeCustomer(
  db: DbOrTx,
  stripe: Stripe,
  organizationId: string,
  customer: PaymentCustomer,
): Promise<string> {
  const email = customer.email.trim().toLowerCase();
  const known = await db.stripeCustomer.findUnique({
    where: { organization_id_email: { organization_id: organizationId, email } },
  });
  if (known) return known.stripe_customer_id;
  const created = await stripe.customers.create(
    {
      email,
      ...(customer.name ? { name: customer.name } : {}),
      metadata: { organization_id: organizationId },
    },
    { idempotencyKey: `customer_${sha256Hex(`${organizationId}:${email}`)}` },
  );
  await db.stripeCustomer.createMany({
    data: [{ organization_id: organizationId, email, stripe_customer_id: created.id }],
    skipDuplicates: true,
  });
  const row = await db.stripeCustomer.findUnique({
    where: { organization_id_email: { organization_id: organizationId, email } },
  });
  return row?.stripe_customer_id ?? created.id;
}
