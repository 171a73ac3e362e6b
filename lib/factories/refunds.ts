// Paid orders for refund tests and fixtures: an order (lib/factories `createOrder`) with the
// succeeded charge that paid it, as checkout processing leaves them (the charge linked by order).
import { randomUUID } from "node:crypto";
import type { DbOrTx } from "../db/client";
import type { Prisma } from "../generated/prisma/client";
import { createOrder } from "./index";

export async function createPaidOrder(
  db: DbOrTx,
  organizationId: string,
  options: {
    customerId: string;
    priceId: string;
    order?: Partial<Prisma.OrderUncheckedCreateInput>;
    withBenefits?: boolean;
    /** The processor that took the payment (the built-in test processor by default). */
    processor?: string;
  },
) {
  const order = await createOrder(db, organizationId, options);
  const id = randomUUID();
  const payment = await db.paymentAttempt.create({
    data: {
      id,
      created_at: order.created_at,
      modified_at: order.created_at,
      organization_id: organizationId,
      kind: "charge",
      status: "succeeded",
      order_id: order.id,
      subscription_id: order.subscription_id,
      amount: order.amount + order.tax_amount,
      currency: order.currency,
      processor: options.processor ?? "test",
      idempotency_key: `pa_${id}`,
      processor_payment_id: `py_factory_${id.slice(0, 18)}`,
      resolved_at: order.created_at,
    },
  });
  return { order, payment };
}
