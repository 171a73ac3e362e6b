// An order's payment as the buyer's portal asks about it (the current reference API's
// `payment-status` and `confirm-payment`, docs/api.md "Customer portal API"). Here every order is
// made when its payment succeeded (a purchase, a renewal; a failed renewal makes no order: the
// subscription goes past due and the buyer pays it with a new card, lib/subscriptions/
// payment-method.ts), so an order's payment has succeeded (or there was nothing to pay), and no
// order is ever waiting for a retry.
import { z } from "zod";
import type { DbOrTx } from "../db/client";
import type { CustomerPrincipal } from "../core/principal";
import { ApiError } from "../core/errors";
import { customerWhere, foundOrThrow } from "./tenancy";

/** The reference's CustomerOrderPaymentStatus. */
export const orderPaymentStatusSchema = z.object({ status: z.string(), error: z.string().nullable() });

/** The reference's CustomerOrderConfirmPayment, read and bounded (it decides nothing here). */
export const confirmOrderPaymentBody = z.object({
  confirmation_token_id: z.string().max(255).nullish(),
  payment_method_id: z.string().max(255).nullish(),
  payment_processor: z.string().max(32).optional(),
});

/** The reference's CustomerOrderPaymentConfirmation: what a retry would answer (never, here). */
export const orderPaymentConfirmationSchema = z.object({
  status: z.string(),
  client_secret: z.string().nullable(),
  error: z.string().nullable(),
});

async function buyersOrder(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  return foundOrThrow(
    await db.order.findFirst({
      where: { id: orderId, ...customerWhere(principal) },
      select: { id: true, checkout_id: true },
    }),
    "Order not found.",
  );
}

/** GET /v1/customer-portal/orders/{id}/payment-status: the status of the payment that made it. */
export async function getPortalOrderPaymentStatus(db: DbOrTx, principal: CustomerPrincipal, orderId: string) {
  const order = await buyersOrder(db, principal, orderId);
  const payment = await db.paymentAttempt.findFirst({
    where: {
      kind: { in: ["charge", "renewal"] },
      OR: [{ order_id: order.id }, ...(order.checkout_id ? [{ checkout_id: order.checkout_id }] : [])],
    },
    orderBy: [{ created_at: "desc" }, { id: "desc" }],
    select: { status: true },
  });
  // No payment attempt: nothing was due (a free or fully discounted order).
  return { status: payment?.status ?? "succeeded", error: null };
}

/** POST /v1/customer-portal/orders/{id}/confirm-payment: no order here waits for a payment. */
export async function confirmPortalOrderPayment(
  db: DbOrTx,
  principal: CustomerPrincipal,
  orderId: string,
): Promise<never> {
  await buyersOrder(db, principal, orderId);
  throw new ApiError(
    "OrderNotEligibleForRetry",
    "This order is paid. A subscription whose renewal failed is paid with a new card from its own page.",
  );
}
